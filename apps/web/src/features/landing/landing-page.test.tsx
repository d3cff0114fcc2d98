import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spyOnGoals } from '../../test/goals';
import { json, mockFetch, renderRoute } from '../../test/render';
import { HERO, STATS, TESTIMONIALS } from './content';
import { ENQUIRY_FAILED, ENQUIRY_SUCCESS } from './enquiry';
import LandingPage from './landing-page';

const reachGoal = spyOnGoals();

const scrollIntoView = vi.fn();
// jsdom has no scrollIntoView: each test lends one, taken back after it (files share the DOM's classes).
const jsdomScrollIntoView = Element.prototype.scrollIntoView;

beforeEach(() => {
  scrollIntoView.mockClear();
  Element.prototype.scrollIntoView = scrollIntoView;
});

afterEach(() => {
  Element.prototype.scrollIntoView = jsdomScrollIntoView;
});

function renderLanding() {
  return renderRoute(<LandingPage />, { path: '/', url: '/' });
}

describe('landing page', () => {
  it('shows every section of spec §2 in order', async () => {
    renderLanding();
    const headline = await screen.findByRole('heading', { level: 1 });
    expect(headline).toHaveTextContent('Увеличивайте B2B продажи с рассрочкой для покупателей');
    expect(screen.getByText('Увеличьте продажи на 40-60%')).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(0, 5)).toEqual([
      'Почему магазины выбирают B2BPay',
      'Всё для работы с рассрочкой в одном месте',
      'Как начать — 3 шага',
      'Что говорят наши клиенты',
      'Подключите рассрочку для своих покупателей',
    ]);
    expect(screen.getByText('Банк «Северный Кредит»')).toBeInTheDocument();
    expect(screen.getByText('Банк «Волга Финанс»')).toBeInTheDocument();
    expect(screen.getByText('Банк «Уральский Деловой»')).toBeInTheDocument();
    expect(
      screen.getByText(`© 2025–${new Date().getFullYear()} B2BPay. Все права защищены.`),
    ).toBeInTheDocument();
    expect(document.title).toBe('B2BPay — увеличьте B2B продажи с рассрочкой и кредитом для покупателей');
  });

  it('gives assistive technology the final figures while the counters tick', () => {
    renderLanding();
    const strip = screen.getByRole('region', { name: 'B2BPay в цифрах' });
    const finals = [...strip.querySelectorAll('.sr-only')].map((el) => el.textContent);
    expect(finals).toEqual(['100+', '45%', '0\u00a0₽', '24/7']);
    expect(STATS.map((stat) => stat.format(stat.target))).toEqual(finals);
    for (const ticking of strip.querySelectorAll('[data-counter]')) {
      expect(ticking).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it("scrolls to the form from 'Оставить заявку' and 'Начать сотрудничество', to the benefits from 'Узнать подробнее'", async () => {
    const user = userEvent.setup();
    renderLanding();
    await user.click(screen.getByRole('link', { name: HERO.primaryAction }));
    expect(scrollIntoView).toHaveBeenLastCalledWith({ behavior: 'smooth', block: 'start' });
    // The form itself, not its section's top, and the name field is ready for typing.
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(document.getElementById('enquiry-form'));
    expect(document.activeElement).toBe(screen.getByLabelText('Ваше имя'));

    await user.click(screen.getByRole('link', { name: 'Начать сотрудничество' }));
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(document.getElementById('contact'));

    await user.click(screen.getByRole('link', { name: HERO.secondaryAction }));
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(document.getElementById('benefits'));
  });

  it('turns the testimonials with wrap-around arrows and jumping dots', async () => {
    const user = userEvent.setup();
    renderLanding();
    const carousel = screen.getByRole('region', { name: 'Отзывы клиентов' });
    const visible = () => within(carousel).getByRole('group', { name: /^Отзыв \d из 4$/ });
    expect(visible()).toHaveTextContent(TESTIMONIALS[0]?.badge ?? '');

    await user.click(screen.getByRole('button', { name: 'Предыдущий отзыв' }));
    expect(visible()).toHaveTextContent(TESTIMONIALS[3]?.company ?? '');
    await user.click(screen.getByRole('button', { name: 'Следующий отзыв' }));
    expect(visible()).toHaveTextContent(TESTIMONIALS[0]?.company ?? '');
    await user.click(screen.getByRole('button', { name: 'Показать отзыв 3 из 4' }));
    expect(visible()).toHaveTextContent(TESTIMONIALS[2]?.badge ?? '');
    expect(screen.getByRole('button', { name: 'Показать отзыв 3 из 4' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('sends the enquiry: form_start, Отправка..., a green success that clears both fields, form_submit_success', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const calls = mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json({ success: true, message: 'Спасибо!' }));
        }),
    );
    renderLanding();
    const name = screen.getByLabelText('Ваше имя');
    const phone = screen.getByLabelText('Телефон');
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('placeholder', '+7 (999) 123-45-67');
    expect(name).toBeRequired();
    expect(phone).toBeRequired();

    await user.type(name, '  Ольга Смирнова ');
    expect(reachGoal).toHaveBeenCalledWith('form_start');
    await user.type(phone, '+7 912 345-67-89');
    await user.click(screen.getByRole('button', { name: 'Оставить заявку' }));

    const busy = await screen.findByRole('button', { name: 'Отправка...' });
    expect(busy).toBeDisabled();
    release();

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(ENQUIRY_SUCCESS);
    expect(status).toHaveClass('bg-green-50');
    expect(name).toHaveValue('');
    expect(phone).toHaveValue('');
    expect(calls[0]?.body).toEqual({ name: 'Ольга Смирнова', phone: '+7 912 345-67-89' });
    expect(reachGoal).toHaveBeenCalledWith('form_submit_success', {
      source: 'landing_page',
      name: 'Ольга Смирнова',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(reachGoal.mock.calls.filter(([goal]) => goal === 'form_start')).toHaveLength(1);
  });

  it.each(['abc', '1', '+7 912 345', '+1 (555) 123-45-67'])(
    'refuses the phone %j with a clear error and sends nothing',
    async (typed) => {
      const user = userEvent.setup();
      const calls = mockFetch(() => json({ success: true }));
      renderLanding();
      await user.type(screen.getByLabelText('Ваше имя'), 'Ольга');
      await user.type(screen.getByLabelText('Телефон'), typed);
      await user.click(screen.getByRole('button', { name: 'Оставить заявку' }));
      const phone = screen.getByLabelText('Телефон');
      expect(phone).toHaveAttribute('aria-invalid', 'true');
      expect(phone).toHaveAccessibleDescription('Введите номер телефона в формате +7 (999) 123-45-67');
      expect(phone).toHaveFocus();
      expect(screen.queryByText(ENQUIRY_SUCCESS)).not.toBeInTheDocument();
      expect(calls).toHaveLength(0);
      await user.type(phone, '0');
      expect(phone).not.toHaveAttribute('aria-invalid');
    },
  );

  it('refuses a name of only invisible characters with the server’s required-message', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => json({ success: true }));
    renderLanding();
    const name = screen.getByLabelText('Ваше имя');
    await user.type(name, '\u200B\u2060\u202E ');
    await user.type(screen.getByLabelText('Телефон'), '89123456789');
    await user.click(screen.getByRole('button', { name: 'Оставить заявку' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Укажите имя');
    expect(name).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('answers empty fields with its own Russian errors, not the browser’s bubble, and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => json({ success: true }));
    renderLanding();
    const form = screen.getByRole('form', { name: 'Заявка на подключение' });
    // Without novalidate the browser stops the submission at `required` with its own (English) bubble.
    expect(form).toHaveAttribute('novalidate');
    await user.click(screen.getByRole('button', { name: 'Оставить заявку' }));
    const name = screen.getByLabelText('Ваше имя');
    expect(name).toHaveAccessibleDescription('Укажите имя');
    expect(name).toHaveFocus();
    await user.type(name, 'Ольга');
    await user.click(screen.getByRole('button', { name: 'Оставить заявку' }));
    const phone = screen.getByLabelText('Телефон');
    expect(phone).toHaveAccessibleDescription('Укажите телефон');
    expect(phone).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('moves the focus to the answer once the enquiry is sent (not to the page’s body)', async () => {
    const user = userEvent.setup();
    mockFetch(() => json({ success: true }));
    renderLanding();
    await user.type(screen.getByLabelText('Ваше имя'), 'Ольга');
    await user.type(screen.getByLabelText('Телефон'), '89123456789');
    await user.click(screen.getByRole('button', { name: 'Оставить заявку' }));
    const answer = await screen.findByText(ENQUIRY_SUCCESS);
    expect(answer.closest('[tabindex="-1"]')).toHaveFocus();
  });

  it('keeps what was typed and shows a red error when the request fails', async () => {
    const user = userEvent.setup();
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderLanding();
    await user.type(screen.getByLabelText('Ваше имя'), 'Ольга');
    await user.type(screen.getByLabelText('Телефон'), '89123456789');
    await user.click(screen.getByRole('button', { name: 'Оставить заявку' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ENQUIRY_FAILED);
    expect(alert).toHaveClass('bg-red-50');
    expect(screen.getByLabelText('Ваше имя')).toHaveValue('Ольга');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Оставить заявку' })).toBeEnabled());
    expect(reachGoal).not.toHaveBeenCalledWith('form_submit_success', expect.anything());
  });

  it('links the consent to /confidentiality.pdf in a new tab and counts messenger clicks', async () => {
    const user = userEvent.setup();
    renderLanding();
    const policy = screen.getByRole('link', { name: 'политикой конфиденциальности' });
    expect(policy).toHaveAttribute('href', '/confidentiality.pdf');
    expect(policy).toHaveAttribute('target', '_blank');
    const telegram = screen.getByRole('link', { name: 'Написать в Telegram' });
    telegram.addEventListener('click', (event) => event.preventDefault());
    await user.click(telegram);
    expect(reachGoal).toHaveBeenCalledWith('telegram_click');
  });
});
