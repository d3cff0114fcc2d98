// The SDK examples on the API documentation page are the very files of sdks/*/examples/ that the
// SDKs' tests run, from a project outside the repository, against a real server.

import phpQuickstart from '../../../../../sdks/php/examples/quickstart.php?raw';
import phpWebhook from '../../../../../sdks/php/examples/webhook.php?raw';
import nodeQuickstart from '../../../../../sdks/typescript/examples/quickstart.mjs?raw';
import nodeWebhook from '../../../../../sdks/typescript/examples/webhook-receiver.mjs?raw';
import type { Example } from './examples';

export type SdkLanguage = 'node' | 'php';

export const SDK_LANGUAGES: ReadonlyArray<{ id: SdkLanguage; label: string }> = [
  { id: 'node', label: 'Node.js SDK' },
  { id: 'php', label: 'PHP SDK' },
];

export const SDK_EXAMPLES = {
  quickstart: {
    node: {
      file: 'quickstart.mjs',
      code: nodeQuickstart,
      run: 'npm install ./b2bpay-sdk-0.1.0.tgz && node quickstart.mjs',
    },
    php: { file: 'quickstart.php', code: phpQuickstart, run: 'php quickstart.php' },
  },
  webhook: {
    node: { file: 'webhook-receiver.mjs', code: nodeWebhook, run: 'PORT=8080 node webhook-receiver.mjs' },
    php: { file: 'webhook.php', code: phpWebhook, run: 'php -S 127.0.0.1:8080 webhook.php' },
  },
} satisfies Record<string, Record<SdkLanguage, Example>>;
