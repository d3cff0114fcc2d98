import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './app-error-boundary';

let shouldThrow = true;
function Bomb() {
  const [n] = useState(1);
  if (shouldThrow) throw new Error('Сломалось');
  return <p>Работает {n}</p>;
}

describe('app crash fallback (spec §8)', () => {
  it('shows the heading, the error details and resets on «Попробовать снова»', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onReset = vi.fn();
    shouldThrow = true;
    render(
      <AppErrorBoundary onReset={onReset}>
        <Bomb />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Что-то пошло не так' })).toBeInTheDocument();
    expect(screen.getByText('Подробности ошибки')).toBeInTheDocument();
    expect(screen.getByText(/Сломалось/)).toBeInTheDocument();

    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Попробовать снова' }));
    expect(onReset).toHaveBeenCalledOnce();
    expect(screen.getByText('Работает 1')).toBeInTheDocument();
  });
});
