// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { actionText, actorText, assignableRoles, detailsText } from './team-model';

describe('the team page’s words', () => {
  it('an owner gives any role, an admin all but owner, others none', () => {
    expect(assignableRoles('owner')).toEqual(['owner', 'admin', 'manager', 'developer', 'accountant']);
    expect(assignableRoles('admin')).toEqual(['admin', 'manager', 'developer', 'accountant']);
    expect(assignableRoles('manager')).toEqual([]);
    expect(assignableRoles(null)).toEqual([]);
  });

  it('says who acted and what was done, an unknown action as it is', () => {
    expect(actorText({ type: 'user', email: 'anna@example.ru' })).toBe('anna@example.ru');
    expect(actorText({ type: 'key', key_last4: '9f3c' })).toBe('Ключ API …9f3c');
    expect(actionText({ action: 'member.role_changed' })).toBe('Изменена роль участника');
    expect(actionText({ action: 'something.new' })).toBe('something.new');
  });

  it('writes the details in words: roles and key kinds translated, nested values left out', () => {
    expect(detailsText({ email: 'boris@example.ru', from: 'manager', to: 'admin' })).toBe(
      'e-mail: boris@example.ru, была: Менеджер, стала: Администратор',
    );
    expect(detailsText({ kind: 'secret', expire_old_in_seconds: 3600 })).toBe(
      'ключ: секретный, старый ключ действует ещё: 3600 с',
    );
    expect(detailsText({ filters: { status: ['paid'] } })).toBe('');
    expect(detailsText(null)).toBe('');
  });
});
