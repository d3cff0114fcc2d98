import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { spyOnGoals } from '../../../test/goals';
import { json, type MockCall, mockFetch, renderRoute } from '../../../test/render';
import {
  apiError,
  type BuyerApiHandlers,
  buyerApi,
  makeClient,
  makeOrder,
  ORDER_ID,
  storedForm,
} from '../testing/fixtures';
import ApplyStep1Page from './apply-step1-page';

const reachGoal = spyOnGoals();

const SBER = { value: 'ПАО «Сбербанк России»', inn: '7707083893' };
const VTB = { value: 'Банк ВТБ (ПАО)', inn: '7702070139' };

function open(handlers: BuyerApiHandlers = {}) {
  const calls = mockFetch(buyerApi(handlers));
  const view = renderRoute(<ApplyStep1Page />, {
    path: '/client/:orderId/apply',
    url: `/client/${ORDER_ID}/apply`,
  });
  return { calls, ...view };
}

const suggestCalls = (calls: MockCall[]) =>
  calls.filter((c) => c.url.startsWith('/api/integration/company/suggest'));
const inn = () => screen.getByRole('combobox', { name: 'ИНН' });

async function fillNames(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Фамилия'), 'Петров');
  await user.type(screen.getByLabelText('Имя'), 'Пётр');
}

describe('application step 1', () => {
  it('is prefilled with the INN and organization the shop sent with the order', async () => {
    const client = makeClient({
      surname: 'Петров',
      name: 'Пётр',
      inn: SBER.inn,
      organization_name: SBER.value,
    });
    open({ order: makeOrder({ client }) });
    await waitFor(() => expect(inn()).toHaveValue(SBER.inn));
    expect(screen.getByLabelText('Название организации')).toHaveValue(SBER.value);
    expect(screen.getByLabelText('Фамилия')).toHaveValue('Петров');
  });

  it("shows 'Шаг 1 из 2', the fields with their autocomplete hints, and the order summary", async () => {
    open();
    expect(await screen.findByText('Шаг 1 из 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Данные организации' })).toBeInTheDocument();
    expect(screen.getByLabelText('Фамилия')).toHaveAttribute('autocomplete', 'family-name');
    expect(screen.getByLabelText('Имя')).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText(/Отчество/)).toHaveAttribute('autocomplete', 'additional-name');
    expect(screen.getByLabelText('Название организации')).toHaveAttribute('autocomplete', 'organization');
    expect(inn()).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('complementary', { name: 'Ваш заказ' })).toHaveTextContent('Заказ №1042');
  });

  it('shows every required-field message on submit, sends nothing, focuses the first and clears one on edit', async () => {
    const { calls } = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Продолжить' }));

    expect(screen.getByText('Фамилия не может быть пустой')).toBeInTheDocument();
    expect(screen.getByText('Имя не может быть пустым')).toBeInTheDocument();
    expect(screen.getByText('ИНН обязателен')).toBeInTheDocument();
    expect(screen.getByText('Название организации не может быть пустым')).toBeInTheDocument();
    expect(screen.getByLabelText('Фамилия')).toHaveFocus();
    expect(screen.getByLabelText('Фамилия')).toHaveAccessibleDescription('Фамилия не может быть пустой');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    await user.type(screen.getByLabelText('Фамилия'), 'П');
    expect(screen.queryByText('Фамилия не может быть пустой')).not.toBeInTheDocument();
    expect(screen.getByText('Имя не может быть пустым')).toBeInTheDocument();
  });

  it('keeps INN to digits, at most 12, and shows each INN rule', async () => {
    open({ suggest: () => json([]) });
    const user = userEvent.setup();
    await fillNames(user);
    await user.type(screen.getByLabelText('Название организации'), 'ООО «Ромашка»');
    await user.type(inn(), '77a07-0838 93999');
    expect(inn()).toHaveValue('770708389399');

    const submit = screen.getByRole('button', { name: 'Продолжить' });
    await user.click(submit);
    expect(screen.getByText('Неверный ИНН физлица (12 цифр)')).toBeInTheDocument();
    expect(inn()).toHaveFocus();

    await user.clear(inn());
    await user.type(inn(), '770708389');
    await user.click(submit);
    expect(screen.getByText('ИНН должен состоять из 10 или 12 цифр')).toBeInTheDocument();

    await user.type(inn(), '0');
    await user.click(submit);
    expect(screen.getByText('Неверный ИНН организации (10 цифр)')).toBeInTheDocument();
  });

  it('says a 10-digit INN with a bad checksum has the right length and a wrong digit, not «(10 цифр)» alone', async () => {
    open({ suggest: () => json([]) });
    const user = userEvent.setup();
    await fillNames(user);
    await user.type(screen.getByLabelText('Название организации'), 'ООО «Ромашка»');
    await user.type(inn(), '7707083890');
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));
    // The spec's text stays, and the hint says which of length and digits is wrong.
    expect(inn()).toHaveAccessibleDescription(
      'Неверный ИНН организации (10 цифр) Количество цифр верное, но контрольная цифра не сходится — проверьте, нет ли опечатки.',
    );
    await user.clear(inn());
    await user.type(inn(), '770708389');
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(inn()).toHaveAccessibleDescription('ИНН должен состоять из 10 или 12 цифр');
  });

  it('looks suggestions up 350 ms after the last keystroke, and choosing one fills INN and organization', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = open({ suggest: () => json([SBER, VTB]) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByLabelText('Фамилия');
    await user.type(inn(), '77');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(suggestCalls(calls)).toHaveLength(0);
    await user.type(inn(), '0');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(suggestCalls(calls)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(60));
    expect(suggestCalls(calls).map((c) => c.url)).toEqual(['/api/integration/company/suggest?inn=770']);

    const list = await screen.findByRole('listbox', { name: 'Организации с таким ИНН' });
    expect(inn()).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(list).getByRole('option', { name: /Сбербанк/ }));
    expect(inn()).toHaveValue('7707083893');
    expect(screen.getByLabelText('Название организации')).toHaveValue('ПАО «Сбербанк России»');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('chooses a suggestion with the arrow keys and Enter, without submitting the form', async () => {
    const { calls } = open({ suggest: () => json([SBER, VTB]) });
    const user = userEvent.setup();
    await screen.findByLabelText('Фамилия');
    await user.type(inn(), '770');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(inn()).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /ВТБ/ }).id);
    await user.keyboard('{Enter}');
    expect(inn()).toHaveValue('7702070139');
    expect(screen.getByLabelText('Название организации')).toHaveValue('Банк ВТБ (ПАО)');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    expect(screen.queryByText('Фамилия не может быть пустой')).not.toBeInTheDocument();
  });

  it("says 'Нет подсказок для этого ИНН' and closes on an outside click", async () => {
    open({ suggest: () => json([]) });
    const user = userEvent.setup();
    await screen.findByLabelText('Фамилия');
    await user.type(inn(), '0000');
    expect(await screen.findByText('Нет подсказок для этого ИНН')).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByText('Нет подсказок для этого ИНН')).not.toBeInTheDocument();
  });

  it("says 'Ошибка при получении подсказок' when the lookup fails, and Escape closes it", async () => {
    open({ suggest: () => apiError(500, 'Сбой') });
    const user = userEvent.setup();
    await screen.findByLabelText('Фамилия');
    await user.type(inn(), '77');
    expect(await screen.findByText('Ошибка при получении подсказок')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Ошибка при получении подсказок')).not.toBeInTheDocument();
  });

  it("prefills from the order's client and saves with its client_id, then goes to step 2 (COMPLETE_STEP1)", async () => {
    const order = makeOrder({
      client: makeClient({ id: 77, surname: 'Петров', name: 'Пётр', email: 'p@example.ru' }),
    });
    const { calls } = open({ order, patch: () => json(makeClient({ id: 77 })) });
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Фамилия')).toHaveValue('Петров');
    expect(screen.getByLabelText('Имя')).toHaveValue('Пётр');
    await user.type(screen.getByLabelText(/Отчество/), ' Петрович ');
    await user.type(inn(), '7707083893');
    await user.type(screen.getByLabelText('Название организации'), 'ПАО «Сбербанк России»');
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/client/${ORDER_ID}/apply/step2`),
    );
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.url).toBe(`/api/order/orders/${ORDER_ID}/client`);
    expect(patch?.body).toEqual({
      client_id: 77,
      surname: 'Петров',
      name: 'Пётр',
      middlename: 'Петрович',
      inn: '7707083893',
      organization_name: 'ПАО «Сбербанк России»',
    });
    expect(reachGoal).toHaveBeenCalledWith('COMPLETE_STEP1');
    expect(storedForm()).toMatchObject({ clientId: 77, email: 'p@example.ru', middlename: 'Петрович' });
  });

  it('creates the client when the order has none and keeps the returned id', async () => {
    const { calls } = open({ patch: () => json(makeClient({ id: 501 })) });
    const user = userEvent.setup();
    await fillNames(user);
    await user.type(inn(), '7707083893');
    await user.type(screen.getByLabelText('Название организации'), 'ПАО «Сбербанк России»');
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));
    await waitFor(() => expect(storedForm().clientId).toBe(501));
    expect(calls.find((c) => c.method === 'PATCH')?.body).not.toHaveProperty('client_id');
  });

  it("shows the server's text under its field, or above the button; the spec's default without one", async () => {
    const answers = [
      () => apiError(400, 'Неверный ИНН организации (10 цифр)', 'inn'),
      () => apiError(409, 'Заявка по этому заказу уже отправлена, изменить данные нельзя'),
      () => new Response('', { status: 500 }),
    ];
    open({ patch: () => (answers.shift() ?? answers[0])?.() ?? json({}) });
    const user = userEvent.setup();
    await fillNames(user);
    await user.type(inn(), '7707083893');
    await user.type(screen.getByLabelText('Название организации'), 'ООО «Ромашка»');
    const submit = screen.getByRole('button', { name: 'Продолжить' });

    await user.click(submit);
    expect(await screen.findByText('Неверный ИНН организации (10 цифр)')).toBeInTheDocument();
    expect(inn()).toHaveFocus();

    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Заявка по этому заказу уже отправлена, изменить данные нельзя',
    );

    await user.click(submit);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Не удалось сохранить данные. Попробуйте еще раз.'),
    );
    expect(reachGoal).not.toHaveBeenCalled();
  });

  it('keeps what was typed across a reload', async () => {
    const first = open();
    const user = userEvent.setup();
    await fillNames(user);
    first.unmount();
    open();
    expect(await screen.findByLabelText('Фамилия')).toHaveValue('Петров');
    expect(screen.getByLabelText('Имя')).toHaveValue('Пётр');
  });

  it('shows the status instead of the form when the order no longer awaits the buyer', async () => {
    open({ order: makeOrder({ status: 'bank_info_expected' }) });
    expect(
      await screen.findByRole('heading', { name: 'Заявка по этому заказу уже отправлена' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Банк проверяет информацию')).toBeInTheDocument();
    expect(screen.queryByLabelText('Фамилия')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Вернуться к заказу' })).toHaveAttribute(
      'href',
      `/client/${ORDER_ID}`,
    );
  });

  it('shows the not-found text for an unknown order', async () => {
    open({ order: () => apiError(404, 'Заказ не найден') });
    expect(await screen.findByText(`Заказ с ID ${ORDER_ID} не найден.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Назад/ })).not.toBeInTheDocument();
  });

  it('submits with Enter from a field', async () => {
    open();
    await screen.findByLabelText('Фамилия');
    fireEvent.submit(screen.getByLabelText('Фамилия').closest('form') as HTMLFormElement);
    expect(await screen.findByText('Фамилия не может быть пустой')).toBeInTheDocument();
  });

  it("puts the focus on the step's heading after a step change, not on the document's first load", async () => {
    const { router } = open();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Данные организации' });
    expect(heading).not.toHaveFocus();
    // Arriving from the order page (or back from step 2) is a navigation inside the page.
    await act(() => router.navigate(`/client/${ORDER_ID}/apply`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Данные организации' })).toHaveFocus();
    expect(document.activeElement).not.toBe(document.body);
  });
});
