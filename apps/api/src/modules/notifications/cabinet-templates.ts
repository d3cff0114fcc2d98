import { type EmailContent, escapeHtml as e, renderHtml, SIGNATURE } from './templates';

/** The personal cabinet's letters (DESIGN §12): each carries one link and says what to do if unexpected. */

const BRAND = 'B2BPay';

function linkLetter(p: {
  subject: string;
  lead: string;
  link: string;
  button: string;
  after: string;
  extra?: { label: string; link: string };
}): EmailContent {
  if (!/^https?:\/\/\S+$/.test(p.link)) throw new Error('a message link must be an http(s) URL');
  const text = [
    'Здравствуйте!',
    p.lead,
    `${p.button}:\n${p.link}`,
    ...(p.extra ? [`${p.extra.label}:\n${p.extra.link}`] : []),
    p.after,
    SIGNATURE,
  ].join('\n\n');
  const html = renderHtml(p.subject, [
    { p: 'Здравствуйте!' },
    { p: e(p.lead) },
    { button: { href: p.link, label: p.button } },
    ...(p.extra ? [{ button: { href: p.extra.link, label: p.extra.label } }] : []),
    { small: e(p.after) },
  ]);
  return { subject: p.subject, text, html };
}

export function signupConfirmEmail(link: string): EmailContent {
  return linkLetter({
    subject: `${BRAND}: подтвердите адрес e-mail`,
    lead: `Вы зарегистрировались в личном кабинете ${BRAND}. Подтвердите адрес, чтобы создать магазин и войти. Ссылка действует 24 часа и только один раз.`,
    link,
    button: 'Подтвердить адрес',
    after:
      'Если вы не регистрировались, просто не отвечайте на это письмо: без подтверждения ничего не создаётся.',
  });
}

export function alreadyRegisteredEmail(loginLink: string, forgotLink: string): EmailContent {
  return linkLetter({
    subject: `${BRAND}: вы уже зарегистрированы`,
    lead: `Кто-то (возможно, вы) пытался зарегистрироваться в ${BRAND} с этим адресом, но вы уже зарегистрированы. Войдите в личный кабинет или восстановите пароль, если забыли его.`,
    link: loginLink,
    button: 'Войти',
    extra: { label: 'Восстановить пароль', link: forgotLink },
    after: 'Если это были не вы, ничего делать не нужно: ваш пароль не изменился.',
  });
}

export function passwordResetEmail(link: string): EmailContent {
  return linkLetter({
    subject: `${BRAND}: сброс пароля`,
    lead: 'Вы запросили сброс пароля личного кабинета. Ссылка действует 1 час и только один раз; после сброса все входы на других устройствах завершатся.',
    link,
    button: 'Задать новый пароль',
    after: 'Если вы не запрашивали сброс, просто не отвечайте на это письмо: пароль не изменится.',
  });
}

export function invitationEmail(p: { shopName: string; roleLabel: string; link: string }): EmailContent {
  return linkLetter({
    subject: `${BRAND}: приглашение в команду магазина «${p.shopName}»`,
    lead: `Вас пригласили в команду магазина «${p.shopName}» в ${BRAND} с ролью «${p.roleLabel}». Приглашение действует 10 дней и только для этого адреса.`,
    link: p.link,
    button: 'Принять приглашение',
    after: 'Если вы не ждали приглашения, просто не отвечайте на это письмо.',
  });
}
