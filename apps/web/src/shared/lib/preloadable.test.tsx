import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

function Panel({ name }: { name: string }) {
  return <p>Панель {name}</p>;
}

describe('preloadable', () => {
  it('renders at once, without its fallback, once preloaded', async () => {
    let loads = 0;
    const part = preloadable(async () => {
      loads += 1;
      return { default: Panel };
    });
    await part.preload();
    render(
      <Suspense fallback={<p>Загрузка</p>}>
        <part.Component name="А" />
      </Suspense>,
    );
    expect(screen.getByText('Панель А')).toBeInTheDocument();
    expect(screen.queryByText('Загрузка')).toBeNull();
    expect(loads).toBe(1);
  });

  it('suspends until loaded when rendered first, and loads once', async () => {
    let loads = 0;
    let finish: () => void = () => {};
    const part = preloadable(() => {
      loads += 1;
      return new Promise<{ default: typeof Panel }>((resolve) => {
        finish = () => resolve({ default: Panel });
      });
    });
    render(
      <Suspense fallback={<p>Загрузка</p>}>
        <part.Component name="Б" />
      </Suspense>,
    );
    expect(screen.getByText('Загрузка')).toBeInTheDocument();
    void part.preload();
    finish();
    expect(await screen.findByText('Панель Б')).toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let loads = 0;
    const part = preloadable(async () => {
      loads += 1;
      if (loads === 1) throw new Error('offline');
      return { default: Panel };
    });
    await part.preload();
    expect(part.isLoaded()).toBe(false);
    await part.preload();
    expect(part.isLoaded()).toBe(true);
    expect(loads).toBe(2);
  });
});
