type Doc = Record<string, unknown> & {
  paths?: Record<string, unknown>;
  components?: Record<string, Record<string, unknown> | undefined>;
  tags?: { name: string }[];
};

export const BANK_PATH_PREFIX = '/api/bank/v1/';
export const ADMIN_PATH_PREFIX = '/api/admin/v1/';

/** Every `#/components/<kind>/<name>` a part of the document refers to, followed through the components. */
function reachableComponents(doc: Doc, roots: unknown[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/')) {
          if (seen.has(value)) continue;
          seen.add(value);
          const [, , kind, name] = value.split('/');
          stack.push(kind && name ? doc.components?.[kind]?.[name] : undefined);
        } else stack.push(value);
      }
    }
  }
  return seen;
}

/** The document with only the paths `keep` accepts, and only the components they use. */
function narrowed(doc: Doc, keep: (path: string) => boolean, extra: Partial<Doc>): Doc {
  const paths = Object.fromEntries(Object.entries(doc.paths ?? {}).filter(([path]) => keep(path)));
  const webhooks = extra.webhooks ?? doc.webhooks;
  const used = reachableComponents(doc, [paths, webhooks]);
  const components: Record<string, Record<string, unknown>> = {};
  for (const [kind, entries] of Object.entries(doc.components ?? {})) {
    if (kind === 'securitySchemes') continue;
    const kept = Object.entries(entries ?? {}).filter(([name]) => used.has(`#/components/${kind}/${name}`));
    if (kept.length > 0) components[kind] = Object.fromEntries(kept);
  }
  const schemes = doc.components?.securitySchemes ?? {};
  const usedTags = new Set(
    Object.values(paths).flatMap((item) =>
      Object.values(item as Record<string, { tags?: string[] }>).flatMap((op) => op?.tags ?? []),
    ),
  );
  return {
    ...doc,
    paths,
    ...(doc.tags ? { tags: doc.tags.filter((t) => usedTags.has(t.name)) } : {}),
    ...extra,
    components: { ...components, securitySchemes: extra.components?.securitySchemes ?? schemes },
  };
}

/** The shops' and buyers' API (`/api/openapi.json` and the reference at `/api/docs`): everything but the partner banks' part. */
export function shopDocument(doc: Doc): Doc {
  const { BankKey: _bank, StaffSession: _staff, ...schemes } = doc.components?.securitySchemes ?? {};
  return narrowed(doc, (path) => !path.startsWith(BANK_PATH_PREFIX) && !path.startsWith(ADMIN_PATH_PREFIX), {
    components: { securitySchemes: schemes },
  });
}

/** The back office's API (`/api/admin/v1/openapi.json`): B2BPay's own staff only. */
export function adminDocument(doc: Doc): Doc {
  const { StaffSession } = doc.components?.securitySchemes ?? {};
  const { webhooks: _shopWebhooks, ...rest } = doc;
  return narrowed(rest, (path) => path.startsWith(ADMIN_PATH_PREFIX), {
    info: {
      title: 'B2BPay — бэк-офис',
      version: '1.0.0',
      description:
        'API бэк-офиса для сотрудников B2BPay: лиды, магазины, заявки в банках, банки, журнал. Сессия ' +
        'сотрудника (cookie b2bpay_staff_session) и заголовок X-CSRF-Token для POST и PATCH; роли admin, sales, ' +
        'risk, support.',
      license: { name: 'Проприетарная (B2BPay)', identifier: 'LicenseRef-B2BPay-Proprietary' },
    },
    components: { securitySchemes: StaffSession ? { StaffSession } : {} },
  });
}

/** The partner banks' API (`/api/bank/v1/openapi.json`, docs/banks.md): its own document. */
export function bankDocument(doc: Doc): Doc {
  const { BankKey } = doc.components?.securitySchemes ?? {};
  const { webhooks: _shopWebhooks, ...rest } = doc;
  return narrowed(rest, (path) => path.startsWith(BANK_PATH_PREFIX), {
    info: {
      title: 'B2BPay — API для банков-партнёров',
      version: '1.0.0',
      description:
        'Банк-партнёр получает от B2BPay подписанные сообщения (Standard Webhooks: application.created, ' +
        'application.withdrawn, offer.accepted, refund.created) и отвечает через этот API: решение с ' +
        'предложениями, оплата магазину, подтверждение возврата. Ключ банка bk_… — в Authorization: Bearer; ' +
        'каждый POST — с Idempotency-Key. Подробно — docs/banks.md в репозитории B2BPay.',
      license: { name: 'Проприетарная (B2BPay)', identifier: 'LicenseRef-B2BPay-Proprietary' },
    },
    components: { securitySchemes: BankKey ? { BankKey } : {} },
  });
}
