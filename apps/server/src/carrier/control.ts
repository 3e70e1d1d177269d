// The operator's carrier commands (`npm run carrier -- add|list|revoke|replace-key`), run on the
// database directly or, while a server holds the embedded database, through its control socket
// (office/control/commands.ts). The API key is printed once, here, and never stored.
import type { CarrierAccount } from '@eta-il/domain';
import type { Db } from '../db/database.ts';
import type { ControlAnswer } from '../office/control/commands.ts';
import {
  type AccountActor,
  addCarrier,
  listCarriers,
  replaceCarrierKey,
  revokeCarrier,
} from './accounts.ts';

export type CarrierControl =
  | { op: 'carrier'; action: 'add'; name: string; iataCode: string }
  | { op: 'carrier'; action: 'list' }
  | { op: 'carrier'; action: 'revoke' | 'replaceKey'; id: string };

const shortText = (value: unknown, max: number) => typeof value === 'string' && value.length <= max;

export const isCarrierControl = (request: Record<string, unknown>): boolean => {
  switch (request.action) {
    case 'add':
      return shortText(request.name, 200) && shortText(request.iataCode, 10);
    case 'list':
      return true;
    case 'revoke':
    case 'replaceKey':
      return shortText(request.id, 64);
    default:
      return false;
  }
};

const COMMAND: AccountActor = { staffId: null, actor: 'npm run carrier', client: 'local' };

const line = (c: CarrierAccount) =>
  `${c.id}  ${c.iataCode.padEnd(3)}  ${c.revokedAt ? `revoked ${c.revokedAt}` : 'active'}  ${c.name}`;

const ok = (stdout: string): ControlAnswer => ({ exitCode: 0, stdout, stderr: '' });
const failed = (stderr: string): ControlAnswer => ({ exitCode: 1, stdout: '', stderr });

const keyText = (key: string) =>
  `API key (shown once; send it as "Authorization: Bearer <key>"):\n${key}\n`;

export const runCarrierControl = async (
  db: Db,
  request: CarrierControl,
  now: Date,
): Promise<ControlAnswer> => {
  switch (request.action) {
    case 'add': {
      const added = await addCarrier(db, now, COMMAND, request);
      if (!added.ok) {
        return failed(
          added.problem === 'name'
            ? 'The name must be 1 to 100 characters.\n'
            : 'The IATA code must be 2 or 3 letters or digits (e.g. LY).\n',
        );
      }
      return ok(`Created carrier ${line(added.carrier)}\n${keyText(added.key)}`);
    }
    case 'list': {
      const carriers = await listCarriers(db);
      return ok(carriers.length === 0 ? 'No carriers.\n' : `${carriers.map(line).join('\n')}\n`);
    }
    case 'revoke': {
      const revoked = await revokeCarrier(db, now, COMMAND, request.id);
      return revoked ? ok(`Revoked ${line(revoked)}\n`) : failed(`No carrier ${request.id}.\n`);
    }
    case 'replaceKey': {
      const replaced = await replaceCarrierKey(db, now, COMMAND, request.id);
      return replaced
        ? ok(`New key for ${line(replaced.carrier)}\n${keyText(replaced.key)}`)
        : failed(`No carrier ${request.id}.\n`);
    }
  }
};
