/**
 * The landing page's copy (spec §2 "Landing page", §1 marketing claims, §9 figures). Texts the
 * specification quotes are used verbatim; the rest is our own copy built on the specification's claims.
 */

import { formatWholeRubles } from '@b2bpay/domain';

export const HERO = {
  badge: 'Увеличьте продажи на 40-60%',
  headline: 'Увеличивайте B2B продажи с рассрочкой для покупателей',
  lead:
    'Ваши покупатели-юрлица и ИП получают товар сейчас, а платят частями. Решение принимают банки-партнёры, ' +
    'магазин получает всю сумму сразу — и ничего не платит за сервис.',
  primaryAction: 'Оставить заявку',
  secondaryAction: 'Узнать подробнее',
  banksCaption: 'Заявки покупателей рассматривают банки-партнёры',
} as const;

export const HEADER_ACTION = 'Начать сотрудничество';

/** The enquiry form: «Оставить заявку» scrolls to it (not to its section's top) and focuses its name field. */
export const ENQUIRY_FORM_ID = 'enquiry-form';

/** Section anchors: the buttons scroll to them, the header links point at them. */
export const SECTION_IDS = {
  benefits: 'benefits',
  features: 'features',
  start: 'how-to-start',
  testimonials: 'testimonials',
  contact: 'contact',
} as const;

export const NAV_LINKS = [
  { id: SECTION_IDS.benefits, label: 'Преимущества' },
  { id: SECTION_IDS.start, label: 'Как начать' },
  { id: SECTION_IDS.testimonials, label: 'Отзывы' },
] as const;

export interface StatCounter {
  /** Where the count ends (spec §9: 100, 45, 24). */
  target: number;
  /** How long the count takes, ms (spec §9: 2000, 1800, 1500); 0 for a fixed figure. */
  durationMs: number;
  /** The figure as shown for a value, e.g. 100 → '100+'. */
  format: (value: number) => string;
  label: string;
}

export const STATS: readonly StatCounter[] = [
  { target: 100, durationMs: 2000, format: (v) => `${v}+`, label: 'компаний уже продают с B2BPay' },
  { target: 45, durationMs: 1800, format: (v) => `${v}%`, label: 'средний рост продаж' },
  { target: 0, durationMs: 0, format: formatWholeRubles, label: 'для магазина — сервис бесплатный' },
  { target: 24, durationMs: 1500, format: (v) => `${v}/7`, label: 'поддержка без выходных' },
];

export type BenefitIcon = 'wallet' | 'bolt' | 'plug' | 'chart';

export interface Benefit {
  icon: BenefitIcon;
  title: string;
  text: string;
}

export const BENEFITS_HEADING = 'Почему магазины выбирают B2BPay';
export const BENEFITS_LEAD =
  'Рассрочка снимает главный барьер крупной B2B покупки — необходимость сразу выложить всю сумму.';

export const BENEFITS: readonly Benefit[] = [
  {
    icon: 'wallet',
    title: 'Бесплатно для магазина',
    text: 'Подключение и обслуживание стоят 0 ₽. Комиссию банку платит покупатель, ваша маржа не меняется.',
  },
  {
    icon: 'bolt',
    title: 'Деньги сразу',
    text: 'Банк перечисляет полную сумму заказа на расчётный счёт магазина сразу после одобрения заявки.',
  },
  {
    icon: 'plug',
    title: 'Интеграция за 1 день',
    text: 'Кнопка-виджет, REST API или модуль для 1С-Битрикс — подключение занимает один рабочий день.',
  },
  {
    icon: 'chart',
    title: 'Рост продаж на 40-60%',
    text: 'Средний чек растёт на 45%, а 90% покупателей возвращаются за следующей покупкой в рассрочку.',
  },
];

export type FeatureVisual = 'dashboard' | 'statuses' | 'manager';

export interface Feature {
  visual: FeatureVisual;
  eyebrow: string;
  title: string;
  text: string;
  points: readonly string[];
}

export const FEATURES_HEADING = 'Всё для работы с рассрочкой в одном месте';

export const FEATURES: readonly Feature[] = [
  {
    visual: 'dashboard',
    eyebrow: 'Личный кабинет',
    title: 'Личный кабинет со статистикой',
    text: 'Все заказы, суммы и решения банков на одном экране. Создайте заказ — и покупатель получит QR-код и ссылку на заявку.',
    points: [
      'QR-код и ссылка для покупателя за пару кликов',
      'Фильтры по статусам и датам, поиск по номеру заказа',
      'Подтверждённые заказы — отдельным списком',
    ],
  },
  {
    visual: 'statuses',
    eyebrow: 'Контроль в реальном времени',
    title: 'Каждая заявка под контролем',
    text: 'Статус заказа меняется автоматически: покупатель заполнил анкету, банк принял решение, деньги отправлены магазину.',
    points: [
      'Статусы обновляются в реальном времени',
      'Вебхуки передают изменения в вашу CRM или 1С',
      'Решение банка покупатель получает по e-mail',
    ],
  },
  {
    visual: 'manager',
    eyebrow: 'Поддержка',
    title: 'Персональный менеджер и поддержка 24/7',
    text: 'За магазином закреплён менеджер: он поможет с подключением, обучит сотрудников и ответит на вопросы покупателей.',
    points: [
      'Помощь с интеграцией на каждом шаге',
      'Поддержка в Telegram и по почте круглосуточно',
      'Покупатель заполняет анкету за 3 минуты',
    ],
  },
];

export interface StartStep {
  title: string;
  text: string;
}

export const START_HEADING = 'Как начать — 3 шага';
export const START_LEAD = 'От заявки до первых продаж в рассрочку обычно проходит несколько дней.';

export const START_STEPS: readonly StartStep[] = [
  {
    title: 'Оставьте заявку',
    text: 'Заполните короткую форму — менеджер свяжется с вами в течение рабочего дня и подготовит подключение.',
  },
  {
    title: 'Интеграция',
    text: 'Добавьте кнопку на сайт, подключите REST API или модуль для 1С-Битрикс. Обычно это занимает 1 день.',
  },
  {
    title: 'Рост продаж',
    text: 'Покупатели оформляют заявку за 3 минуты, банк отвечает за 1 рабочий день, а вы получаете оплату сразу.',
  },
];

export interface Testimonial {
  badge: string;
  quote: string;
  author: string;
  role: string;
  company: string;
}

export const TESTIMONIALS_HEADING = 'Что говорят наши клиенты';

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    badge: '+45% продаж',
    quote:
      'За три месяца с B2BPay продажи выросли на 45%. Клиенты больше не откладывают закупку техники до следующего квартала — оформляют рассрочку и забирают заказ сразу.',
    author: 'Андрей Ковалёв',
    role: 'коммерческий директор',
    company: 'ООО «ТехноСнаб»',
  },
  {
    badge: '+60% конверсии',
    quote:
      'Крупные заказы раньше зависали на согласовании бюджета. Теперь покупатель выбирает рассрочку прямо в корзине, и конверсия в оплату выросла на 60%.',
    author: 'Марина Белова',
    role: 'руководитель интернет-магазина',
    company: 'ООО «СтройМаркет Про»',
  },
  {
    badge: '+35% новых клиентов',
    quote:
      'Рассрочка для юрлиц стала нашим преимуществом перед конкурентами: треть новых клиентов пришла именно за ней. Интеграцию сделали за один день по документации.',
    author: 'Игорь Семёнов',
    role: 'основатель',
    company: 'ООО «Офис-Комплект»',
  },
  {
    badge: '+40% средний чек',
    quote:
      'Покупатели стали брать оборудование в полной комплектации, а не по минимуму: средний чек вырос на 40%. Деньги приходят сразу, кассовых разрывов нет.',
    author: 'Елена Орлова',
    role: 'финансовый директор',
    company: 'ООО «ПромОборудование»',
  },
];

export const CONTACT = {
  heading: 'Подключите рассрочку для своих покупателей',
  lead: 'Оставьте контакты — менеджер расскажет об условиях и поможет с интеграцией. Это бесплатно и ни к чему не обязывает.',
  checklist: [
    'Подключение и обслуживание — 0 ₽',
    'Интеграция за 1 день',
    'Деньги на счёт сразу после одобрения',
    'Персональный менеджер и поддержка 24/7',
  ],
  telegram: 'Написать в Telegram',
  formTitle: 'Заявка на подключение',
  nameLabel: 'Ваше имя',
  namePlaceholder: 'Иван Петров',
  phoneLabel: 'Телефон',
  phonePlaceholder: '+7 (999) 123-45-67',
  phoneInvalid: 'Введите номер телефона в формате +7 (999) 123-45-67',
  /** The server's required-message for the enquiry's name (packages/domain contract, Enquiry). */
  nameRequired: 'Укажите имя',
  // The server's text for an empty phone (packages/domain contract Enquiry).
  phoneRequired: 'Укажите телефон',
  submit: 'Оставить заявку',
  submitting: 'Отправка...',
  consentBefore: 'Нажимая кнопку, вы соглашаетесь с ',
  consentLink: 'политикой конфиденциальности',
  consentAfter: ' и даёте согласие на обработку персональных данных.',
} as const;

export const FOOTER = {
  about: 'Рассрочка и кредит для бизнес-покупателей интернет-магазинов.',
  productHeading: 'Продукт',
  documentsHeading: 'Документы',
  contactsHeading: 'Контакты',
} as const;
