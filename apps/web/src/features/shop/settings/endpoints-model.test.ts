import { describe, expect, it } from 'vitest';
import {
  EVENTS_REQUIRED,
  endpointBody,
  endpointDraftError,
  eventsText,
  URL_REQUIRED,
} from './endpoints-model';

describe('webhook endpoint form model', () => {
  it('sends * alone when every event is chosen, else the chosen types, and a trimmed URL', () => {
    expect(endpointBody({ url: ' https://a.ru/h ', events: ['*', 'order.created'] })).toEqual({
      url: 'https://a.ru/h',
      enabled_events: ['*'],
    });
    expect(endpointBody({ url: 'https://a.ru/h', events: ['order.created'] }).enabled_events).toEqual([
      'order.created',
    ]);
  });

  it('asks for an address and at least one event before sending', () => {
    expect(endpointDraftError({ url: '  ', events: ['*'] })).toBe(URL_REQUIRED);
    expect(endpointDraftError({ url: 'https://a.ru/h', events: [] })).toBe(EVENTS_REQUIRED);
    expect(endpointDraftError({ url: 'https://a.ru/h', events: ['order.created'] })).toBeNull();
  });

  it('names the events in Russian, or «Все события» for *', () => {
    expect(eventsText(['*'])).toBe('Все события');
    expect(eventsText(['order.created', 'order.refund.created'])).toBe('Заказ создан, Оформлен возврат');
  });
});
