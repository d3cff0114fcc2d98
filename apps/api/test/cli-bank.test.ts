import { expect, it } from 'vitest';
import { runBankCommand } from '../src/cli-bank';
import { bankCall } from './support/banks';
import { describeApi } from './support/describe-api';

class Refused extends Error {}
const fail = (message: string): never => {
  throw new Refused(message);
};

/** The operators' bank commands (npm run cli -- bank …), run against the test database. */
describeApi('the bank CLI', (t) => {
  const run = (command: Parameters<typeof runBankCommand>[1], options: object) =>
    runBankCommand({ db: t.db, config: t.config, clock: t.clock }, command, options, fail);

  it('creates a bank whose key works once printed, rotates it with a grace, disables it', async () => {
    const created = (await run('bank create', {
      id: 'clibank',
      name: 'Банк «Из CLI»',
      url: 'https://bank.example/events',
      sla: '2h',
    })) as { bank: { id: string; decision_sla_seconds: number }; api_key: string; signing_secret: string };
    expect(created.bank).toMatchObject({ id: 'clibank', decision_sla_seconds: 7200 });
    expect(created.api_key).toMatch(/^bk_/);
    expect(created.signing_secret).toMatch(/^whsec_/);
    const stored = await t.db.query<{ api_key_hash: string }>(
      'SELECT api_key_hash FROM banks WHERE id = $1',
      ['clibank'],
    );
    expect(stored[0]?.api_key_hash).not.toContain(created.api_key);
    expect((await bankCall(t, created, 'GET', '/applications')).statusCode).toBe(200);

    const rotated = (await run('bank rotate-keys', { id: 'clibank', grace: '1h' })) as { api_key: string };
    expect((await bankCall(t, rotated, 'GET', '/applications')).statusCode).toBe(200);
    expect((await bankCall(t, created, 'GET', '/applications')).statusCode).toBe(200);
    t.clock.advance(3_600_000 + 1000);
    expect((await bankCall(t, created, 'GET', '/applications')).statusCode).toBe(401);

    await run('bank disable', { id: 'clibank' });
    expect((await bankCall(t, rotated, 'GET', '/applications')).statusCode).toBe(401);
    await run('bank enable', { id: 'clibank' });
    expect((await bankCall(t, rotated, 'GET', '/applications')).statusCode).toBe(200);
    expect(await run('bank messages', { id: 'clibank' })).toEqual({ bank: 'clibank', messages: [] });
  });

  it('refuses what it cannot take, storing nothing', async () => {
    await expect(run('bank create', { id: 'Bad Id', name: 'X', url: 'https://x.example' })).rejects.toThrow(
      /id/,
    );
    await expect(run('bank create', { id: 'nourl', name: 'X', url: 'ftp://x' })).rejects.toThrow(/url/);
    await expect(
      run('bank create', { id: 'badsla', name: 'X', url: 'https://x.example', sla: 'soon' }),
    ).rejects.toThrow('--sla');
    await expect(run('bank rotate-keys', { id: 'missing' })).rejects.toThrow('не найден');
    const rows = await t.db.query("SELECT id FROM banks WHERE id IN ('nourl', 'badsla')");
    expect(rows).toEqual([]);
  });
});
