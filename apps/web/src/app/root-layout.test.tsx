import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppLoading, LOADING_SCREEN_DELAY_MS } from './root-layout';

afterEach(() => {
  vi.useRealTimers();
});

describe('the loading screen of the first page', () => {
  it('shows nothing while the page comes at once, and the spinner once the wait is noticeable', () => {
    vi.useFakeTimers();
    render(<AppLoading />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    act(() => vi.advanceTimersByTime(LOADING_SCREEN_DELAY_MS - 1));
    expect(screen.queryByText('Загрузка...')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка...');
  });
});
