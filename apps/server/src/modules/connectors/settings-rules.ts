import type { AppContext } from '../../context.ts';
import { FieldError } from '../../lib/errors.ts';
import * as repo from './connectors.repository.ts';
import { connectorContext } from './context.ts';
import type { Connector, JsonSchema, Settings } from './contract.ts';

/*
 * The rules on a connection's settings that its JSON Schema cannot say, checked when a
 * connection is saved (created, or its settings changed): each is a 422 naming the setting.
 */

const CHOICE_NOUNS: Record<string, string> = { datasets: 'dataset', files: 'file' };

/**
 * A setting marked `x-choices` must be one of the organization's datasets or files. The schema
 * only says it is a non-empty text, and the connector's check runs only on request: without this
 * a connection to a dataset that does not exist (or another organization's) is saved and fails
 * at its first sync instead of in the form.
 */
export async function checkChoices(ctx: AppContext, orgId: string, c: Connector, settings: Settings) {
  const props = (c.spec.settings.properties ?? {}) as Record<string, JsonSchema>;
  const cctx = connectorContext(ctx, undefined, orgId);
  for (const [name, prop] of Object.entries(props)) {
    const kind = String(prop['x-choices'] ?? '');
    const value = settings[name];
    // absent or empty: the schema's `required` / `minLength` already answered
    if (!kind || typeof value !== 'string' || !value) continue;
    const found =
      kind === 'datasets'
        ? await cctx.datasets!.open(value)
        : kind === 'files'
          ? await cctx.files!.open(value)
          : true;
    if (!found) {
      const noun = CHOICE_NOUNS[kind] ?? kind;
      throw new FieldError(
        ['body', 'settings', name],
        `no ${noun} ${JSON.stringify(value)} in this organization: choose one of its ${kind}`,
      );
    }
  }
}

/**
 * Two connections writing into the same place of the organization (a dataset destination's
 * prefix) would mix two syncs' rows in one dataset: the second is refused, naming the first.
 * Other organizations' connections never count (the query is scoped to this one).
 */
export async function checkTargetFree(
  ctx: AppContext,
  orgId: string,
  c: Connector,
  settings: Settings,
  selfId?: string,
) {
  if (!c.targetOf) return;
  const mine = c.targetOf(settings);
  const others = await repo.listConnections(ctx.db, orgId, 'destination');
  const taken = others.find(
    (o) => o.type === c.spec.type && o.id !== selfId && c.targetOf!(o.settings).key === mine.key,
  );
  if (taken)
    throw new FieldError(
      ['body', 'settings', mine.setting],
      `${JSON.stringify(mine.key)} is already used by the connection ${JSON.stringify(taken.name)}: ` +
        'both would write into the same datasets; choose another',
      'conflict',
    );
}

/**
 * The connection's `target` column: where it writes inside the organization, prefixed by its
 * type because `targetOf` keys are compared only between connections of one type. Null when the
 * connector writes outside (or the connection is not a destination, as `checkTargetFree` lists).
 */
export function targetColumnOf(c: Connector, role: string, settings: Settings): string | null {
  return c.targetOf && role === 'destination' ? `${c.spec.type}:${c.targetOf(settings).key}` : null;
}

const TARGET_INDEX = 'connections_target_unique';

/** The driver's error (drizzle wraps it as `cause`) is a unique violation of the target index. */
function isTargetTaken(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
  ) {
    if (
      e.code === '23505' &&
      (e.constraint === TARGET_INDEX || String(e.message ?? '').includes(TARGET_INDEX))
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Saves a connection whose target `checkTargetFree` found free. Two saves at once can both find
 * it free; the database's unique index then refuses the second, which answers as the check
 * does (a 422 naming the setting and the connection that won).
 */
export async function saveWithTarget<T>(
  ctx: AppContext,
  orgId: string,
  c: Connector,
  settings: Settings,
  save: () => Promise<T>,
  selfId?: string,
): Promise<T> {
  try {
    return await save();
  } catch (err) {
    if (!isTargetTaken(err)) throw err;
    await checkTargetFree(ctx, orgId, c, settings, selfId);
    // the winner was deleted meanwhile: still the same answer, without its name
    const setting = c.targetOf!(settings).setting;
    throw new FieldError(
      ['body', 'settings', setting],
      'another connection writes into the same datasets; choose another',
      'conflict',
    );
  }
}
