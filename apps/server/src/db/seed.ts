import { ROLE_NAMES } from '@mapwright/contracts';
import { asc, eq } from 'drizzle-orm';
import { ConfigError } from '../config.ts';
import { hashPassword } from '../modules/auth/auth.service.ts';
import { passwordProblem } from '../modules/auth/password-policy.ts';
import { snapshotOf } from '../modules/workflows/dto.ts';
import { sampleCardsWorkflow } from '../modules/workflows/sample-workflow.ts';
import { insertWorkflow } from '../modules/workflows/workflows.repository.ts';
import type { Db } from './client.ts';
import { organizations, roles, users, workflows } from './schema.ts';

export const DEMO_ORG_NAME = 'Demo Organization';
export const STAFF_ORG_NAME = 'Mapwright Staff';

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  staffEmail: string;
  /** the internal staff account is only created when a password is given for it */
  staffPassword?: string;
  /** a context word the seeded passwords must not be built from (default Mapwright) */
  productName?: string;
}

/** Seeded accounts follow the same password policy as the API; a refused one stops the start. */
function checkSeedPassword(
  variable: string,
  password: string,
  email: string,
  name: string,
  productName: string,
) {
  const problem = passwordProblem(password, { email, name, productName });
  if (problem) throw new ConfigError(`Invalid configuration:\n  ${variable}: ${problem}`);
}

/** Roles always exist; the demo organization and its owner are created on first start only. */
export async function seed(db: Db, opts: SeedOptions) {
  const productName = opts.productName ?? 'Mapwright';
  await db
    .insert(roles)
    .values(ROLE_NAMES.map((name) => ({ name })))
    .onConflictDoNothing();
  const roleId = async (name: string) => (await db.select().from(roles).where(eq(roles.name, name)))[0]!.id;

  let demoOrg = await findDemoOrg(db);
  let created = false;
  if (!demoOrg) {
    checkSeedPassword('SEED_ADMIN_PASSWORD', opts.adminPassword, opts.adminEmail, 'Demo Owner', productName);
    [demoOrg] = await db.insert(organizations).values({ name: DEMO_ORG_NAME }).returning();
    await db.insert(users).values({
      organizationId: demoOrg!.id,
      email: opts.adminEmail.toLowerCase(),
      name: 'Demo Owner',
      passwordHash: await hashPassword(opts.adminPassword),
      roleId: await roleId('owner'),
    });
    created = true;
  }
  if (opts.staffPassword) {
    const existing = await db.select().from(users).where(eq(users.email, opts.staffEmail.toLowerCase()));
    if (existing.length === 0) {
      checkSeedPassword(
        'SEED_STAFF_PASSWORD',
        opts.staffPassword,
        opts.staffEmail,
        'Mapwright Staff',
        productName,
      );
      const [staffOrg] = await db.insert(organizations).values({ name: STAFF_ORG_NAME }).returning();
      await db.insert(users).values({
        organizationId: staffOrg!.id,
        email: opts.staffEmail.toLowerCase(),
        name: 'Mapwright Staff',
        passwordHash: await hashPassword(opts.staffPassword),
        roleId: await roleId('staff'),
      });
    }
  }
  await seedSampleWorkflow(db, demoOrg!.id);
  return { demoOrgId: demoOrg!.id, created };
}

/**
 * The spec's sample cards workflow, for a demo organization without any workflow (also one
 * created before workflows existed). An organization that deleted all of its workflows gets it
 * back on the next start, which is what a demo should do.
 */
async function seedSampleWorkflow(db: Db, orgId: string) {
  const [any] = await db
    .select({ id: workflows.id })
    .from(workflows)
    .where(eq(workflows.organizationId, orgId))
    .limit(1);
  if (any) return;
  const w = sampleCardsWorkflow();
  await insertWorkflow(
    db,
    { organizationId: orgId, ...w, nodes: w.nodes as never, edges: w.edges as never },
    snapshotOf,
  );
}

export async function findDemoOrg(db: Db) {
  const [org] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.name, DEMO_ORG_NAME))
    .orderBy(asc(organizations.createdAt))
    .limit(1);
  return org;
}
