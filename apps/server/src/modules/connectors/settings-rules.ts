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
