import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { spyOnGoals } from '../../../test/goals';
import { json, type MockCall, mockFetch, renderRoute } from '../../../test/render';
import { loadSubmittedEmail } from '../model/application-store';
import {
  apiError,
  type BuyerApiHandlers,
  buyerApi,
  makeClient,
  makeOrder,
  ORDER_ID,
  STEP1_DONE,
  storedForm,
  storeForm,
} from '../testing/fixtures';
import ApplyStep2Page from './apply-step2-page';
import SuccessPage, { SUCCESS_TITLE } from './success-page';

const reachGoal = spyOnGoals();

type User = ReturnType<typeof userEvent.setup>;

function open(handlers: BuyerApiHandlers = {}) {
  const calls = mockFetch(buyerApi(handlers));
  const view = renderRoute(<ApplyStep2Page />, {
    path: '/client/:orderId/apply/step2',
    url: `/client/${ORDER_ID}/apply/step2`,
  });
  return { calls, ...view };
}

const patches = (calls: MockCall[]) => calls.filter((c) => c.method === 'PATCH').map((c) => c.body);
const phone = () => screen.getByLabelText('Телефон');
const email = () => screen.getByLabelText('Электронная почта');
const codeButtons = () => screen.getAllByRole('button', { name: /код|Повторно/ });
const submit = () => screen.getByRole('button', { name: 'Отправить заявку' });

/**
 * Each code field takes the focus once it shows (Preact runs that effect a frame after the render);
 * the buyer moves on after that, as a person would. A buyer who moves on sooner keeps the focus
 * where they put it («leaves the focus where the buyer has put it…» below).
 */
async function requestBothCodes(user: User) {
  await user.type(await screen.findByLabelText('Телефон'), '8 (900) 123-45-67');
  await user.click(codeButtons()[0] as HTMLElement);
  const phoneCode = await screen.findByLabelText('Код из СМС');
  await waitFor(() => expect(phoneCode).toHaveFocus());
  await user.type(email(), 'buyer@example.ru');
  await user.click(screen.getByRole('button', { name: 'Получить код' }));
  const emailCode = await screen.findByLabelText('Код из письма');
  await waitFor(() => expect(emailCode).toHaveFocus());
}

beforeEach(() => {
  storeForm(STEP1_DONE);
});

describe('application step 2', () => {
  it('sends the buyer back to step 1 when step 1 is not done', async () => {
    sessionStorage.clear();
    open();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/client/${ORDER_ID}/apply`),
    );
  });

  it("shows 'Шаг 2 из 2', the contact fields with their input modes, and no code inputs yet", async () => {
    open();
    expect(await screen.findByText('Шаг 2 из 2')).toBeInTheDocument();
    expect(phone()).toHaveAttribute('type', 'tel');
    expect(phone()).toHaveAttribute('inputmode', 'tel');
    expect(phone()).toHaveAttribute('autocomplete', 'tel');
    expect(email()).toHaveAttribute('type', 'email');
    expect(email()).toHaveAttribute('inputmode', 'email');
    expect(email()).toHaveAttribute('autocomplete', 'email');
    expect(screen.queryByLabelText('Код из СМС')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Код из письма')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /обработку персональных данных/ })).toHaveAttribute(
      'href',
      '/personal-data-consent.pdf',
    );
    expect(screen.getByRole('link', { name: /передачу моих данных банкам-партнёрам/ })).toHaveAttribute(
      'href',
      '/bank-transfer-consent.pdf',
    );
  });

  it('shows every empty-form message on submit and sends nothing', async () => {
    const { calls } = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Отправить заявку' }));
    // The submission's module is downloaded on the first submit.
    expect(await screen.findByText('Неверный формат номера (+7XXXXXXXXXX)')).toBeInTheDocument();
    expect(screen.getByText('Неверный формат email')).toBeInTheDocument();
    expect(screen.getByText('Необходимо согласие на обработку персональных данных.')).toBeInTheDocument();
    expect(screen.getByText('Необходимо согласие на передачу данных банкам-партнёрам.')).toBeInTheDocument();
    expect(phone()).toHaveFocus();
    expect(patches(calls)).toHaveLength(0);
  });

  it("asks for codes ('Получите код подтверждения') under the phone and the e-mail", async () => {
    open();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Телефон'), '+79001234567');
    await user.type(email(), 'buyer@example.ru');
    await user.click(submit());
    expect(await screen.findAllByText('Получите код подтверждения')).toHaveLength(2);
    expect(phone()).toHaveAccessibleDescription('Получите код подтверждения');
    expect(email()).toHaveAccessibleDescription('Получите код подтверждения');
  });

  it('refuses to request codes for a phone or address that cannot be used', async () => {
    const { calls } = open();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Телефон'), '900 12');
    await user.click(codeButtons()[0] as HTMLElement);
    // One text for one rule: the code button says what the submission says.
    expect(phone()).toHaveAccessibleDescription('Неверный формат номера (+7XXXXXXXXXX)');
    await user.type(email(), 'buyer@mail');
    await user.click(codeButtons()[1] as HTMLElement);
    expect(email()).toHaveAccessibleDescription('Неверный формат email');
    expect(patches(calls)).toHaveLength(0);
  });

  it('masks the phone as +7, reads a leading 8 as +7, and refuses «8 916 123-45-6» instead of shifting it', async () => {
    const { calls } = open();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Телефон'), '8 916 123-45-6');
    expect(phone()).toHaveValue('+7 916 123-45-6');
    await user.click(codeButtons()[0] as HTMLElement);
    expect(phone()).toHaveAccessibleDescription('Неверный формат номера (+7XXXXXXXXXX)');
    expect(patches(calls)).toHaveLength(0);
    await user.type(phone(), '7');
    expect(phone()).toHaveValue('+7 916 123-45-67');
    await user.click(codeButtons()[0] as HTMLElement);
    await screen.findByLabelText('Код из СМС');
    expect(patches(calls)).toEqual([{ client_id: 77, phone_number: '+79161234567' }]);
    // Backspace takes a digit each time, past the separators, down to an empty field.
    await user.clear(phone());
    await user.type(phone(), '89');
    expect(phone()).toHaveValue('+7 9');
    await user.type(phone(), '{Backspace}');
    expect(phone()).toHaveValue('+7');
    await user.type(phone(), '{Backspace}');
    expect(phone()).toHaveValue('');
  });

  it('lets the buyer correct the number without waiting out the first one’s 60 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = open();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText('Телефон'), '+7 900 123-45-66');
    await user.click(codeButtons()[0] as HTMLElement);
    await screen.findByLabelText('Код из СМС');
    expect(codeButtons()[0]).toHaveTextContent('Повторно через 60 с');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await user.clear(phone());
    await user.type(phone(), '+7 900 123-45-67');
    const button = codeButtons()[0] as HTMLElement;
    expect(button).toHaveTextContent('Отправить код ещё раз');
    expect(button).not.toHaveAttribute('aria-disabled');
    await user.click(button);
    await waitFor(() => expect(patches(calls)).toHaveLength(2));
    expect(patches(calls)[1]).toEqual({ client_id: 77, phone_number: '+79001234567' });
    expect(codeButtons()[0]).toHaveTextContent('Повторно через 60 с');
    // The first number still has its own wait.
    await user.clear(phone());
    await user.type(phone(), '+7 900 123-45-66');
    expect(codeButtons()[0]).toHaveTextContent('Повторно через 55 с');
    vi.useRealTimers();
  });

  it('checks each code as soon as six digits are typed: «Неверный код» at once, before any submit', async () => {
    const checks: unknown[] = [];
    const { calls } = open({
      codeCheck: (call) => {
        checks.push(call.body);
        const body = call.body as { sms_code_input?: string; email_code_input?: string };
        if (body.sms_code_input === '000000')
          return apiError(400, 'Неверный код. Осталось попыток: 4', 'sms_code_input');
        return json({ valid: true });
      },
    });
    const user = userEvent.setup();
    await requestBothCodes(user);
    await user.type(screen.getByLabelText('Код из СМС'), '00000');
    expect(checks).toHaveLength(0);
    await user.type(screen.getByLabelText('Код из СМС'), '0');
    await waitFor(() =>
      expect(screen.getByLabelText('Код из СМС')).toHaveAccessibleDescription(
        'Неверный код. Осталось попыток: 4',
      ),
    );
    expect(checks).toEqual([{ client_id: 77, phone_number: '+7 900 123-45-67', sms_code_input: '000000' }]);
    await user.type(screen.getByLabelText('Код из письма'), '654321');
    await waitFor(() => expect(checks).toHaveLength(2));
    expect(checks[1]).toEqual({ client_id: 77, email: 'buyer@example.ru', email_code_input: '654321' });
    expect(screen.getByLabelText('Код из письма')).not.toHaveAccessibleDescription(/Неверный/);
    // Nothing was submitted: the check needs no consent and sends no application.
    expect(patches(calls)).toHaveLength(2);
    // Nor does the submit send a code already refused: it would only spend another try.
    await user.click(screen.getByLabelText(/обработку персональных данных/));
    await user.click(screen.getByLabelText(/передачу моих данных/));
    await user.click(submit());
    await waitFor(() => expect(screen.getByLabelText('Код из СМС')).toHaveFocus());
    expect(patches(calls)).toHaveLength(2);
    expect(screen.getByLabelText('Код из СМС')).toHaveAccessibleDescription(
      'Неверный код. Осталось попыток: 4',
    );
    // A corrected code clears the text.
    await user.clear(screen.getByLabelText('Код из СМС'));
    expect(screen.queryByText('Неверный код. Осталось попыток: 4')).not.toBeInTheDocument();
  });

  it('refuses a code for a number that is not a Russian mobile (premium rate, landline), and on submit', async () => {
    const { calls } = open();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Телефон'), '+7 809 505-12-34');
    await user.click(codeButtons()[0] as HTMLElement);
    expect(phone()).toHaveAccessibleDescription('Укажите номер мобильного телефона: +7 9XX XXX-XX-XX');
    await user.clear(phone());
    await user.type(phone(), '8 495 123-45-67');
    await user.click(submit());
    await waitFor(() =>
      expect(phone()).toHaveAccessibleDescription('Укажите номер мобильного телефона: +7 9XX XXX-XX-XX'),
    );
    expect(patches(calls)).toHaveLength(0);
  });

  it('normalises the phone, sends client_id + phone_number only, shows the code input and counts down 60 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = open({ patch: () => json(makeClient({ id: 77 })) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText('Телефон'), '8 (900) 123-45-67');
    await user.click(screen.getAllByRole('button', { name: 'Получить код' })[0] as HTMLElement);

    const code = await screen.findByLabelText('Код из СМС');
    expect(patches(calls)).toEqual([{ client_id: 77, phone_number: '+79001234567' }]);
    expect(phone()).toHaveValue('+7 900 123-45-67');
    expect(reachGoal).toHaveBeenCalledWith('SEND_PHONE_CODE');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAccessibleDescription('Код отправлен на +7 900 123-45-67');

    const button = screen.getByRole('button', { name: 'Повторно через 60 с' });
    // Unavailable, yet focusable: aria-disabled rather than the disabled attribute.
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(button).toHaveTextContent('Повторно через 59 с');
    await act(() => vi.advanceTimersByTimeAsync(58_000));
    expect(button).toHaveTextContent('Повторно через 1 с');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(patches(calls)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(button).toHaveTextContent('Отправить код ещё раз');
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-disabled');
  });

  it('keeps the codes to digits, at most 6', async () => {
    open();
    const user = userEvent.setup();
    await requestBothCodes(user);
    await user.type(screen.getByLabelText('Код из СМС'), '12a-345 678');
    expect(screen.getByLabelText('Код из СМС')).toHaveValue('123456');
  });

  it('asks for both codes, then submits everything with both consents (COMPLETE_APPLICATION)', async () => {
    const { calls } = open();
    const user = userEvent.setup();
    await requestBothCodes(user);
    expect(reachGoal).toHaveBeenCalledWith('SEND_EMAIL_CODE');
    expect(patches(calls)[1]).toEqual({ client_id: 77, email: 'buyer@example.ru' });

    await user.click(screen.getByLabelText(/обработку персональных данных/));
    await user.click(screen.getByLabelText(/передачу моих данных/));
    await user.click(submit());
    expect(await screen.findByText('Введите код из СМС')).toBeInTheDocument();
    expect(screen.getByText('Введите код из Email')).toBeInTheDocument();
    expect(patches(calls)).toHaveLength(2);

    await user.type(screen.getByLabelText('Код из СМС'), '123456');
    await user.type(screen.getByLabelText('Код из письма'), '654321');
    await user.click(submit());
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/client/${ORDER_ID}/success`),
    );
    expect(patches(calls)[2]).toEqual({
      client_id: 77,
      surname: 'Петров',
      name: 'Пётр',
      middlename: 'Петрович',
      inn: '7707083893',
      organization_name: 'ПАО «Сбербанк России»',
      phone_number: '+79001234567',
      email: 'buyer@example.ru',
      sms_code_input: '123456',
      email_code_input: '654321',
      personal_data_consent: true,
      bank_transfer_consent: true,
      // The order's version the buyer saw: the server refuses a changed order.
      order_version: 1,
    });
    expect(reachGoal).toHaveBeenCalledWith('COMPLETE_APPLICATION');
    expect(loadSubmittedEmail(ORDER_ID)).toBe('buyer@example.ru');
    expect(sessionStorage.getItem(`b2bpay:application:${ORDER_ID}`)).toBeNull();
  });

  it('shows a wrong code under its field and stays on the page', async () => {
    let submitted = false;
    open({
      patch: (call) => {
        if (call.body && typeof call.body === 'object' && 'sms_code_input' in call.body) {
          submitted = true;
          return apiError(400, 'Неверный код. Осталось попыток: 4', 'sms_code_input');
        }
        return json(makeClient());
      },
    });
    const user = userEvent.setup();
    await requestBothCodes(user);
    await user.type(screen.getByLabelText('Код из СМС'), '000000');
    await user.type(screen.getByLabelText('Код из письма'), '654321');
    await user.click(screen.getByLabelText(/обработку персональных данных/));
    await user.click(screen.getByLabelText(/передачу моих данных/));
    await user.click(submit());
    expect(await screen.findByText('Неверный код. Осталось попыток: 4')).toBeInTheDocument();
    expect(submitted).toBe(true);
    expect(screen.getByLabelText('Код из СМС')).toHaveFocus();
    expect(screen.getByLabelText('Код из СМС')).toHaveAccessibleDescription(
      'Неверный код. Осталось попыток: 4',
    );
    expect(reachGoal).not.toHaveBeenCalledWith('COMPLETE_APPLICATION');
    await user.clear(screen.getByLabelText('Код из СМС'));
    expect(screen.queryByText('Неверный код. Осталось попыток: 4')).not.toBeInTheDocument();
  });

  it("shows the server's 429 text and waits the Retry-After seconds", async () => {
    open({
      patch: () =>
        apiError(429, 'Повторно запросить код можно через 42 с.', undefined, { 'Retry-After': '42' }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Телефон'), '+79001234567');
    await user.click(codeButtons()[0] as HTMLElement);
    expect(await screen.findByText('Повторно запросить код можно через 42 с.')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Повторно через 42 с' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    // The pressed button enters its countdown and keeps the focus (it used to fall to body).
    expect(button).toHaveFocus();
    expect(screen.queryByLabelText('Код из СМС')).not.toBeInTheDocument();
  });

  it('leaves the focus where the buyer has put it while the code was on its way', async () => {
    // The code field takes the focus once it shows, unless the buyer has moved on meanwhile: then
    // what they type stays in the field they chose. (A late focus once sent a browser test's SMS
    // code into the e-mail's code field, between its click into the field and its typing, and the
    // application was never sent: «Введите код из СМС».)
    let release: (response: Response) => void = () => {};
    const emailAnswer = new Promise<Response>((resolve) => {
      release = resolve;
    });
    open({
      patch: (call) =>
        (call.body as { email?: string }).email !== undefined ? emailAnswer : json(makeClient()),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Телефон'), '8 (900) 123-45-67');
    await user.click(codeButtons()[0] as HTMLElement);
    const phoneCode = await screen.findByLabelText('Код из СМС');
    await waitFor(() => expect(phoneCode).toHaveFocus());
    await user.type(email(), 'buyer@example.ru');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    await user.click(phoneCode);
    await act(async () => release(json(makeClient())));
    const emailCode = await screen.findByLabelText('Код из письма');
    // Preact runs effects after the next animation frame: two frames and a task have passed.
    await act(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))),
        ),
    );
    expect(phoneCode).toHaveFocus();
    await user.keyboard('123456');
    expect(phoneCode).toHaveValue('123456');
    expect(emailCode).toHaveValue('');
  });

  it('uses the spec texts when a code request fails without a server text or on the network', async () => {
    const answers: Array<() => Response | Promise<Response>> = [
      () => new Response('', { status: 500 }),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => new Response('', { status: 500 }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ];
    open({ patch: () => (answers.shift() as () => Response | Promise<Response>)() });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Телефон'), '+79001234567');
    await user.click(codeButtons()[0] as HTMLElement);
    expect(await screen.findByText('Не удалось отправить код на телефон.')).toBeInTheDocument();
    await user.click(codeButtons()[0] as HTMLElement);
    expect(await screen.findByText('Ошибка при запросе кода подтверждения телефона.')).toBeInTheDocument();
    await user.type(email(), 'buyer@example.ru');
    await user.click(codeButtons()[1] as HTMLElement);
    expect(await screen.findByText('Не удалось отправить код на почту.')).toBeInTheDocument();
    await user.click(codeButtons()[1] as HTMLElement);
    expect(await screen.findByText('Ошибка при запросе кода подтверждения почты.')).toBeInTheDocument();
    expect(reachGoal).not.toHaveBeenCalled();
  });

  it('hides the code input when the phone changes to another number, and brings it back for the same one', async () => {
    open();
    const user = userEvent.setup();
    await requestBothCodes(user);
    await user.clear(phone());
    await user.type(phone(), '+79990000000');
    expect(screen.queryByLabelText('Код из СМС')).not.toBeInTheDocument();
    await user.clear(phone());
    await user.type(phone(), '89001234567');
    expect(screen.getByLabelText('Код из СМС')).toBeInTheDocument();
  });

  it('keeps contacts, codes, consents and the countdown across a reload', async () => {
    const first = open();
    const user = userEvent.setup();
    await requestBothCodes(user);
    await user.type(screen.getByLabelText('Код из СМС'), '123');
    await user.click(screen.getByLabelText(/обработку персональных данных/));
    first.unmount();
    open();
    expect(await screen.findByLabelText('Телефон')).toHaveValue('+7 900 123-45-67');
    expect(email()).toHaveValue('buyer@example.ru');
    expect(screen.getByLabelText('Код из СМС')).toHaveValue('123');
    expect(screen.getByLabelText(/обработку персональных данных/)).toBeChecked();
    expect(screen.getByLabelText(/передачу моих данных/)).not.toBeChecked();
    expect(screen.getAllByRole('button', { name: /Повторно через (5\d|60) с/ })).toHaveLength(2);
    expect(storedForm()).toMatchObject({ showPhoneCode: true, showEmailCode: true, surname: 'Петров' });
  });

  it("shows the submit failure's server text, or the spec's default", async () => {
    const answers: Array<() => Response | Promise<Response>> = [
      () => json(makeClient()),
      () => json(makeClient()),
      () => apiError(400, 'Срок действия кода истёк. Запросите новый код.', 'client_id'),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ];
    open({ patch: () => (answers.shift() as () => Response | Promise<Response>)() });
    const user = userEvent.setup();
    await requestBothCodes(user);
    await user.type(screen.getByLabelText('Код из СМС'), '123456');
    await user.type(screen.getByLabelText('Код из письма'), '123456');
    await user.click(screen.getByLabelText(/обработку персональных данных/));
    await user.click(screen.getByLabelText(/передачу моих данных/));
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Срок действия кода истёк. Запросите новый код.',
    );
    await user.click(submit());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Не удалось обновить данные клиента. Попробуйте еще раз.',
      ),
    );
  });

  it('shows the status instead of the form when the order was submitted meanwhile', async () => {
    open({ order: makeOrder({ status: 'app_approved' }) });
    expect(await screen.findByText('Банк одобрил заявку')).toBeInTheDocument();
    expect(screen.queryByLabelText('Телефон')).not.toBeInTheDocument();
  });

  it('shows the success page at once after sending, while the order it had is still being read again', async () => {
    // The order as step 2 read it says the application is not sent yet; its fresh read (after the
    // submission) is slow. The success page must not trust the old copy and send the buyer back.
    let submitted = false;
    let release: (response: Response) => void = () => {};
    const freshRead = new Promise<Response>((resolve) => {
      release = resolve;
    });
    mockFetch(
      buyerApi({
        order: () => (submitted ? freshRead : json(makeOrder({ status: 'client_expected' }))),
        patch: (call) => {
          if ((call.body as { personal_data_consent?: boolean }).personal_data_consent) submitted = true;
          return json(makeClient());
        },
      }),
    );
    renderRoute(<ApplyStep2Page />, {
      path: '/client/:orderId/apply/step2',
      url: `/client/${ORDER_ID}/apply/step2`,
      routes: [{ path: '/client/:orderId/success', element: <SuccessPage /> }],
    });
    const user = userEvent.setup();
    await requestBothCodes(user);
    await user.type(screen.getByLabelText('Код из СМС'), '123456');
    await user.type(screen.getByLabelText('Код из письма'), '654321');
    await user.click(screen.getByLabelText(/обработку персональных данных/));
    await user.click(screen.getByLabelText(/передачу моих данных/));
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: SUCCESS_TITLE })).toBeInTheDocument();
    await act(async () => release(json(makeOrder({ status: 'bank_info_expected' }))));
    expect(screen.getByRole('heading', { name: SUCCESS_TITLE })).toBeInTheDocument();
    expect(screen.queryByLabelText('Телефон')).not.toBeInTheDocument();
  });
});
