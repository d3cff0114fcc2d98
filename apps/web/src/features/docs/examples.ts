// The examples shown on the API documentation page are the very files in docs/examples/ that the
// test suite runs against a real server: what a shop copies is what was tested.

import createOrderMjs from '../../../../../docs/examples/create-order.mjs?raw';
import createOrderPhp from '../../../../../docs/examples/create-order.php?raw';
import createOrderPy from '../../../../../docs/examples/create-order.py?raw';
import createOrderSh from '../../../../../docs/examples/create-order.sh?raw';
import getOrderMjs from '../../../../../docs/examples/get-order.mjs?raw';
import getOrderPhp from '../../../../../docs/examples/get-order.php?raw';
import getOrderPy from '../../../../../docs/examples/get-order.py?raw';
import getOrderSh from '../../../../../docs/examples/get-order.sh?raw';
import listOrdersMjs from '../../../../../docs/examples/list-orders.mjs?raw';
import listOrdersPhp from '../../../../../docs/examples/list-orders.php?raw';
import listOrdersPy from '../../../../../docs/examples/list-orders.py?raw';
import listOrdersSh from '../../../../../docs/examples/list-orders.sh?raw';
import verifyWebhookMjs from '../../../../../docs/examples/verify-webhook.mjs?raw';
import verifyWebhookPhp from '../../../../../docs/examples/verify-webhook.php?raw';
import verifyWebhookPy from '../../../../../docs/examples/verify-webhook.py?raw';
import verifyWebhookSh from '../../../../../docs/examples/verify-webhook.sh?raw';

export type ExampleLanguage = 'curl' | 'python' | 'node' | 'php';

export const LANGUAGES: ReadonlyArray<{ id: ExampleLanguage; label: string }> = [
  { id: 'curl', label: 'cURL' },
  { id: 'python', label: 'Python' },
  { id: 'node', label: 'Node.js' },
  { id: 'php', label: 'PHP' },
];

export interface Example {
  /** File name in docs/examples/, shown above the code. */
  file: string;
  code: string;
  /** How to run it, with the environment the file reads. */
  run: string;
  /** Tab label when it differs from the language's usual one. */
  label?: string;
}

export type ExampleSet = Record<ExampleLanguage, Example>;

export const EXAMPLES = {
  createOrder: {
    curl: { file: 'create-order.sh', code: createOrderSh, run: 'bash create-order.sh' },
    python: { file: 'create-order.py', code: createOrderPy, run: 'python3 create-order.py' },
    node: { file: 'create-order.mjs', code: createOrderMjs, run: 'node create-order.mjs' },
    php: { file: 'create-order.php', code: createOrderPhp, run: 'php create-order.php' },
  },
  getOrder: {
    curl: { file: 'get-order.sh', code: getOrderSh, run: 'bash get-order.sh <order_id>' },
    python: { file: 'get-order.py', code: getOrderPy, run: 'python3 get-order.py <order_id>' },
    node: { file: 'get-order.mjs', code: getOrderMjs, run: 'node get-order.mjs <order_id>' },
    php: { file: 'get-order.php', code: getOrderPhp, run: 'php get-order.php <order_id>' },
  },
  listOrders: {
    curl: { file: 'list-orders.sh', code: listOrdersSh, run: 'bash list-orders.sh' },
    python: { file: 'list-orders.py', code: listOrdersPy, run: 'python3 list-orders.py' },
    node: { file: 'list-orders.mjs', code: listOrdersMjs, run: 'node list-orders.mjs' },
    php: { file: 'list-orders.php', code: listOrdersPhp, run: 'php list-orders.php' },
  },
  verifyWebhook: {
    curl: {
      file: 'verify-webhook.sh',
      code: verifyWebhookSh,
      label: 'Shell + openssl',
      run: "WEBHOOK_ID=… WEBHOOK_TIMESTAMP=… WEBHOOK_SIGNATURE='v1,…' bash verify-webhook.sh body.json",
    },
    python: { file: 'verify-webhook.py', code: verifyWebhookPy, run: 'PORT=8000 python3 verify-webhook.py' },
    node: { file: 'verify-webhook.mjs', code: verifyWebhookMjs, run: 'PORT=8000 node verify-webhook.mjs' },
    php: {
      file: 'verify-webhook.php',
      code: verifyWebhookPhp,
      run: 'php -S 0.0.0.0:8000 verify-webhook.php',
    },
  },
} satisfies Record<string, ExampleSet>;
