// CPU and bytes of one buyer page answer's compression, in this process, for the built buyer.html
// (npm run build -w @b2bpay/web first) with an order of 3 and of 50 products embedded:
//   npx tsx bench/buyer-document.ts
// Compares gzipping the whole document per answer, the head compressed once with the rest deflated
// per answer (the previous way), and plugins/precompressed-document.ts (gzip, brotli). Process CPU
// time (user + system) over many answers, so the figure hardly moves with other work on the machine.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, deflateRawSync, gzipSync } from 'node:zlib';
import { BUYER_DATA_ELEMENT_ID } from '@b2bpay/domain';
import { precompressDocument } from '../apps/api/src/plugins/precompressed-document';

const ROOT = join(import.meta.dirname, '..');
const shell = readFileSync(join(ROOT, 'apps/web/dist/buyer.html'), 'utf8');
const ROOT_ELEMENT = '<div id="root"></div>';
const at = shell.indexOf(ROOT_ELEMENT) + ROOT_ELEMENT.length;
const headEnd = shell.indexOf('</head>');
const links = '<link rel="modulepreload" crossorigin href="/static/js/buyer-apply-step2-page-Ab12Cd34.js">';
const withLinks = shell.slice(0, headEnd) + links + shell.slice(headEnd);
const split = at + links.length;

function order(products: number) {
  const data = {
    order: {
      id: '481e1f17-e376-4d79-a2dd-513cf0fcc28f',
      shop_id: 'b0000000-0000-4000-8000-000000000001',
      order_number: '1042',
      status: 'client_expected',
      link: 'https://b2bpay.example/client/481e1f17-e376-4d79-a2dd-513cf0fcc28f',
      amount: 30_201.5,
      products: Array.from({ length: products }, (_, i) => ({
        id: i + 1,
        name: `Бумага офисная А4, 500 листов, сорт «${i}»`,
        price: 350.1 + i,
        quantity: 1 + (i % 7),
      })),
      client: null,
      created_at: '2026-11-27T09:29:33.442Z',
      updated_at: '2026-11-27T09:29:33.442Z',
      livemode: true,
      return_url: null,
      cancel_url: null,
      bank_decisions: [],
      metadata: {},
      offers: [],
    },
    client_id: null,
    shop: {
      id: 'b0000000-0000-4000-8000-000000000001',
      name: 'ООО «Большой магазин»',
      email: 'big@example.ru',
    },
  };
  return `<script type="application/json" id="${BUYER_DATA_ELEMENT_ID}">${JSON.stringify(data)}</script>`;
}

const cpu = (work: () => Buffer, n: number) => {
  for (let k = 0; k < 200; k++) work();
  const t0 = process.cpuUsage();
  let bytes = 0;
  for (let k = 0; k < n; k++) bytes = work().length;
  const t = process.cpuUsage(t0);
  return { ms: (t.user + t.system) / 1000 / n, bytes };
};

const doc = await precompressDocument([withLinks.slice(0, split), withLinks.slice(split)]);
const headDeflated = deflateRawSync(Buffer.from(shell.slice(0, headEnd)), {
  level: 9,
  finishFlush: constants.Z_SYNC_FLUSH,
});
console.log(
  `buyer.html ${Buffer.byteLength(shell)} bytes; load average ${readFileSync('/proc/loadavg', 'utf8').trim()}`,
);
console.log('| order | way | CPU per answer | bytes sent |');
console.log('| --- | --- | ---: | ---: |');
for (const products of [3, 50]) {
  const data = order(products);
  const page = withLinks.slice(0, split) + data + withLinks.slice(split);
  const rest = links + shell.slice(headEnd).replace(ROOT_ELEMENT, () => ROOT_ELEMENT + data);
  const ways: Array<[string, () => Buffer]> = [
    ['whole document gzipped per answer', () => gzipSync(page)],
    // The previous way: the head deflated once, everything after it (preloads, order, tail) per answer.
    [
      'head once, rest deflated per answer',
      () => Buffer.concat([headDeflated, deflateRawSync(Buffer.from(rest))]),
    ],
    ['precompressed document, gzip', () => doc.encode([data], 'gzip')],
    ['precompressed document, brotli', () => doc.encode([data], 'br')],
    [
      'precompressed document, browser (smaller of the two)',
      () => doc.render([data], 'gzip, deflate, br').body,
    ],
    ['no compression', () => doc.encode([data], 'identity')],
  ];
  for (const [name, work] of ways) {
    const r = cpu(work, name.startsWith('whole') ? 300 : 3000);
    console.log(
      `| ${products} products, ${Buffer.byteLength(data)} B JSON | ${name} | ${(r.ms * 1000).toFixed(0)} µs | ${r.bytes} |`,
    );
  }
}
