/**
 * Writes the end-to-end mapping tasks of bench/mapping-eval.ts: one JSON file per task with
 * `source` records (messy, as real exports are), a `target` JSON Schema and the `expected` output
 * records. Deterministic (seeded). The expected values are computed from the generated truth
 * (the person, the amount, the date), never by the engine.
 *
 *   npx tsx packages/engine/bench/mapping-tasks/generate.ts
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

let seed = 1;
function rnd(): number {
  // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (a: number, b: number) => a + Math.floor(rnd() * (b - a + 1));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
const chance = (p: number) => rnd() < p;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

const FIRST = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Karen',
  'Daniel',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Sandra',
  'Mark',
  'Ashley',
  'Priya',
  'Wei',
  'Fatima',
  'Olga',
  'Kevin',
  'Emily',
  'Brian',
  'Donna',
  'George',
  'Michelle',
  'Aisha',
  'Luis',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
];
const MIDDLE = ['Ann', 'Lee', 'Marie', 'James', 'Lynn', 'Ray', 'Grace', 'Paul', 'Jo', 'Alan'];
const SUFFIX = ['Jr.', 'Sr.', 'II', 'III', 'IV'];
const STREETS = [
  'Main St',
  'Oak Ave',
  'Maple Dr',
  'Cedar Ln',
  'Pine St',
  'Elm St',
  'Washington Blvd',
  'Lakeview Rd',
  'Park Ave',
  'Sunset Blvd',
  'Hillcrest Dr',
  '2nd St',
  'Broadway',
  'Church Rd',
  'Mill Creek Way',
];
const CITIES: [string, string, string][] = [
  ['Springfield', 'IL', '627'],
  ['Austin', 'TX', '787'],
  ['Portland', 'OR', '972'],
  ['Denver', 'CO', '802'],
  ['Columbus', 'OH', '432'],
  ['Raleigh', 'NC', '276'],
  ['Madison', 'WI', '537'],
  ['Boise', 'ID', '837'],
  ['Tampa', 'FL', '336'],
  ['Albany', 'NY', '122'],
  ['Fresno', 'CA', '937'],
  ['Omaha', 'NE', '681'],
];
const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'acme.io', 'example.org', 'fastmail.com'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface Day {
  y: number;
  m: number;
  d: number;
}
function day(fromYear = 2015, toYear = 2024): Day {
  return { y: int(fromYear, toYear), m: int(1, 12), d: int(1, 28) };
}
const iso = (x: Day) => `${x.y}-${pad(x.m)}-${pad(x.d)}`;
const us = (x: Day) => `${pad(x.m)}/${pad(x.d)}/${x.y}`;
const usShort = (x: Day) => `${x.m}/${x.d}/${x.y}`;
const monthName = (x: Day) => `${MONTHS[x.m - 1]} ${x.d}, ${x.y}`;
const dayMonth = (x: Day) => `${x.d} ${MONTHS[x.m - 1]} ${x.y}`;

interface Person {
  first: string;
  middle?: string;
  last: string;
  suffix?: string;
}
function person(pMiddle = 0, pSuffix = 0): Person {
  const p: Person = { first: pick(FIRST), last: pick(LAST) };
  if (chance(pMiddle)) p.middle = pick(MIDDLE);
  if (chance(pSuffix)) p.suffix = pick(SUFFIX);
  return p;
}
const emailOf = (p: Person, i: number) =>
  `${p.first.toLowerCase()}.${p.last.toLowerCase()}${i % 7 === 0 ? i : ''}@${pick(DOMAINS)}`;

interface Phone {
  area: string;
  exch: string;
  line: string;
}
function phone(): Phone {
  return {
    area: `${int(2, 9)}${int(0, 9)}${int(0, 9)}`,
    exch: `${int(2, 9)}${int(0, 9)}${int(0, 9)}`,
    line: pad(int(0, 9999), 4),
  };
}
const digits10 = (p: Phone) => p.area + p.exch + p.line;
function messyPhone(p: Phone): string {
  return pick([
    () => `(${p.area}) ${p.exch}-${p.line}`,
    () => `${p.area}-${p.exch}-${p.line}`,
    () => `${p.area}.${p.exch}.${p.line}`,
    () => `+1 ${p.area} ${p.exch} ${p.line}`,
    () => `1-${p.area}-${p.exch}-${p.line}`,
    () => digits10(p),
    () => `+1 (${p.area}) ${p.exch}-${p.line}`,
  ])();
}

interface Address {
  street: string;
  city: string;
  state: string;
  zip: string;
}
function address(): Address {
  const [city, state, z] = pick(CITIES);
  return { street: `${int(1, 9999)} ${pick(STREETS)}`, city, state, zip: `${z}${pad(int(1, 99))}` };
}

const money = (cents: number) => cents / 100;
function messyAmount(cents: number): string {
  const n = money(cents);
  const fixed = n.toFixed(2);
  const grouped = n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return pick([`$${grouped}`, `USD ${grouped}`, `${grouped} USD`, fixed, `$${fixed}`, grouped]);
}

interface Task {
  name: string;
  description: string;
  kinds: string[];
  source: unknown[];
  target: Record<string, unknown>;
  expected: unknown[];
}

function task(
  name: string,
  description: string,
  kinds: string[],
  n: number,
  target: Record<string, unknown>,
  row: (i: number) => { source: Record<string, unknown>; expected: Record<string, unknown> },
): Task {
  const source: unknown[] = [];
  const expected: unknown[] = [];
  for (let i = 0; i < n; i++) {
    const r = row(i);
    source.push(r.source);
    expected.push(r.expected);
  }
  return { name, description, kinds, source, target, expected };
}

const obj = (properties: Record<string, unknown>, required?: string[]) => ({
  type: 'object',
  properties,
  ...(required ? { required } : {}),
});

const tasks: Task[] = [];

// 1. CRM export: one "Contact Name" holding the whole name, dates in three layouts, amounts with the currency in the text
tasks.push(
  task(
    'crm-contacts-export',
    'A CRM contacts export: one full-name column, a created date in three layouts, a deal value with currency text',
    ['split-name', 'date', 'number'],
    80,
    obj(
      {
        contactId: { type: 'string' },
        firstName: { type: 'string' },
        lastName: { type: 'string' },
        email: { type: 'string', format: 'email' },
        createdDate: { type: 'string', format: 'date' },
        dealValue: { type: 'number', description: 'Value of the open deal in USD' },
        owner: { type: 'string' },
      },
      ['contactId', 'email'],
    ),
    (i) => {
      const p = person(0.2, 0.1);
      const created = day(2019, 2024);
      const cents = int(5000, 2500000);
      const full = [p.first, p.middle, p.last, p.suffix].filter(Boolean).join(' ');
      const email = emailOf(p, i);
      const owner = `${pick(FIRST)} ${pick(LAST)}`;
      return {
        source: {
          'Record ID': String(100200 + i * 7),
          'Contact Name': full,
          'Email Address': email,
          'Create Date': pick([iso, us, monthName])(created),
          'Deal Value': messyAmount(cents),
          'Contact Owner': owner,
        },
        expected: {
          contactId: String(100200 + i * 7),
          firstName: p.first,
          lastName: p.last,
          email,
          createdDate: iso(created),
          dealValue: money(cents),
          owner,
        },
      };
    },
  ),
);

// 2. HR export: upper-case legacy column names, "LAST, FIRST" names, F/P codes, Y/N flags, M/F sex
tasks.push(
  task(
    'hr-employee-roster',
    'An HR system roster: LAST, FIRST names, F/P/C employment codes, Y/N active flag, M/F sex, salaries with separators',
    ['split-name', 'code-enum', 'boolean', 'sex', 'number', 'date'],
    120,
    obj(
      {
        employee_id: { type: 'integer' },
        first_name: { type: 'string' },
        last_name: { type: 'string' },
        employment_type: { type: 'string', enum: ['FULL_TIME', 'PART_TIME', 'CONTRACTOR'] },
        is_active: { type: 'boolean' },
        gender: { type: 'string', enum: ['male', 'female', 'unknown'] },
        annual_salary: { type: 'number' },
        hire_date: { type: 'string', format: 'date' },
      },
      ['employee_id'],
    ),
    (i) => {
      const p = person(0.25, 0.08);
      const type = pick(['F', 'F', 'F', 'P', 'C'] as const);
      const active = chance(0.85);
      const sex = pick(['M', 'F', 'F', 'M', 'M', 'F', 'U'] as const);
      const cents = int(300, 1800) * 10000 + pick([0, 0, 5000, 2500]);
      const hired = day(2005, 2024);
      const lastPart = p.suffix ? `${p.last} ${p.suffix}` : p.last;
      const firstPart = p.middle ? `${p.first} ${p.middle}` : p.first;
      return {
        source: {
          EMP_NO: String(4000 + i),
          EMP_NAME: `${lastPart.toUpperCase()}, ${firstPart.toUpperCase()}`,
          EMP_TYPE: type,
          ACTIVE_FLG: active ? 'Y' : 'N',
          SEX: sex,
          ANNUAL_SAL: (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }),
          HIRE_DT: us(hired),
          DEPT_CD: pick(['FIN', 'OPS', 'ENG', 'HR', 'MKT']),
        },
        expected: {
          employee_id: 4000 + i,
          first_name: p.first.toUpperCase(),
          last_name: p.last.toUpperCase(),
          employment_type: { F: 'FULL_TIME', P: 'PART_TIME', C: 'CONTRACTOR' }[type],
          is_active: active,
          gender: { M: 'male', F: 'female', U: 'unknown' }[sex],
          annual_salary: cents / 100,
          hire_date: iso(hired),
        },
      };
    },
  ),
);

// 3. Orders with line items: totals and counts over the lines
tasks.push(
  task(
    'webshop-orders',
    'Web shop orders with a "lines" array; the target wants the number of items, the order total and the lines',
    ['aggregate', 'array'],
    60,
    obj(
      {
        orderNumber: { type: 'string' },
        customerEmail: { type: 'string', format: 'email' },
        orderDate: { type: 'string', format: 'date' },
        itemCount: { type: 'integer', description: 'Number of line items in the order' },
        orderTotal: { type: 'number', description: 'Sum of the line amounts' },
        items: {
          type: 'array',
          items: obj({
            sku: { type: 'string' },
            quantity: { type: 'integer' },
            unitPrice: { type: 'number' },
          }),
        },
      },
      ['orderNumber'],
    ),
    (i) => {
      const p = person();
      const email = emailOf(p, i);
      const d = day(2022, 2024);
      const lines = Array.from({ length: int(1, 5) }, () => {
        const qty = int(1, 6);
        const price = int(199, 25000);
        return { sku: `SKU-${int(10000, 99999)}`, qty, price, amount: qty * price };
      });
      const total = lines.reduce((a, l) => a + l.amount, 0);
      return {
        source: {
          order_no: `WS-${200000 + i * 13}`,
          email,
          placed_at: `${iso(d)}T${pad(int(0, 23))}:${pad(int(0, 59))}:00Z`,
          status: pick(['paid', 'shipped', 'refunded']),
          lines: lines.map((l) => ({
            sku: l.sku,
            qty: String(l.qty),
            price: (l.price / 100).toFixed(2),
            line_amount: (l.amount / 100).toFixed(2),
          })),
        },
        expected: {
          orderNumber: `WS-${200000 + i * 13}`,
          customerEmail: email,
          orderDate: iso(d),
          itemCount: lines.length,
          orderTotal: Math.round(total) / 100,
          items: lines.map((l) => ({ sku: l.sku, quantity: l.qty, unitPrice: l.price / 100 })),
        },
      };
    },
  ),
);

// 4. Contacts with phones in mixed notations, to a ten-digit pattern and to E.164
tasks.push(
  task(
    'contact-phones',
    'A contact list whose phone numbers are typed by hand; the target wants ten digits and E.164',
    ['phone'],
    100,
    obj({
      name: { type: 'string' },
      phone: { type: 'string', pattern: '^\\d{10}$' },
      mobile: { type: 'string', pattern: '^\\+[1-9]\\d{1,14}$', description: 'Mobile number in E.164' },
      email: { type: 'string', format: 'email' },
    }),
    (i) => {
      const p = person();
      const ph = phone();
      const mob = phone();
      const name = `${p.first} ${p.last}`;
      const email = emailOf(p, i);
      return {
        source: { Name: name, 'Work Phone': messyPhone(ph), 'Cell #': messyPhone(mob), 'E-mail': email },
        expected: { name, phone: digits10(ph), mobile: `+1${digits10(mob)}`, email },
      };
    },
  ),
);

// 5. Customer master: street / city / state / zip columns to one address object
tasks.push(
  task(
    'customer-master-address',
    'A customer master file with the address spread over columns; the target nests it in one address object',
    ['address-object'],
    60,
    obj({
      customerId: { type: 'string' },
      companyName: { type: 'string' },
      address: obj({
        street: { type: 'string' },
        city: { type: 'string' },
        state: { type: 'string', pattern: '^[A-Z]{2}$' },
        postalCode: { type: 'string', pattern: '^\\d{5}$' },
      }),
    }),
    (i) => {
      const a = address();
      const company = `${pick(LAST)} ${pick(['LLC', 'Inc.', '& Sons', 'Group', 'Partners'])}`;
      return {
        source: {
          CUST_ID: `C${pad(i + 1, 5)}`,
          CUST_NAME: company,
          ADDR_LINE1: a.street,
          CITY: a.city,
          STATE: a.state,
          ZIP: a.zip,
        },
        expected: {
          customerId: `C${pad(i + 1, 5)}`,
          companyName: company,
          address: { street: a.street, city: a.city, state: a.state, postalCode: a.zip },
        },
      };
    },
  ),
);

// 6. Shipping labels: address parts to one single-line address
tasks.push(
  task(
    'shipping-label-address',
    'Shipments with the address in parts; the label system wants one single-line address',
    ['address-string'],
    50,
    obj({
      trackingNumber: { type: 'string' },
      recipient: { type: 'string' },
      shippingAddress: {
        type: 'string',
        description: 'Full single-line shipping address: street, city, state and ZIP',
      },
      weightKg: { type: 'number' },
    }),
    (_i) => {
      const a = address();
      const p = person();
      const w = int(1, 400) / 10;
      const track = `1Z${int(100000, 999999)}${int(1000, 9999)}`;
      return {
        source: {
          tracking: track,
          ship_to_name: `${p.first} ${p.last}`,
          ship_street: a.street,
          ship_city: a.city,
          ship_state: a.state,
          ship_zip: a.zip,
          weight_kg: String(w),
        },
        expected: {
          trackingNumber: track,
          recipient: `${p.first} ${p.last}`,
          shippingAddress: `${a.street}, ${a.city}, ${a.state} ${a.zip}`,
          weightKg: w,
        },
      };
    },
  ),
);

// 7. Marketing preferences: Y/N and 1/0 flags to booleans
tasks.push(
  task(
    'newsletter-preferences',
    'A newsletter tool export with Y/N and 1/0 flags; the target has booleans',
    ['boolean'],
    70,
    obj({
      email: { type: 'string', format: 'email' },
      subscribed: { type: 'boolean' },
      doubleOptIn: { type: 'boolean', description: 'Confirmed the subscription by email' },
      bounced: { type: 'boolean' },
      signupDate: { type: 'string', format: 'date' },
    }),
    (i) => {
      const p = person();
      const email = emailOf(p, i);
      const sub = chance(0.8);
      const dbl = chance(0.6);
      const bounced = chance(0.1);
      const d = day(2020, 2024);
      return {
        source: {
          'Email Address': email,
          Subscribed: sub ? 'Y' : 'N',
          'Double Opt-In': dbl ? '1' : '0',
          Bounced: bounced ? 'yes' : 'no',
          'Signup Date': dayMonth(d),
        },
        expected: { email, subscribed: sub, doubleOptIn: dbl, bounced, signupDate: iso(d) },
      };
    },
  ),
);

// 8. Patient registry: administrative sex codes to FHIR gender, DOB in mixed layouts
tasks.push(
  task(
    'patient-registry',
    'A clinic patient registry with M/F/U/O sex codes and dates of birth in mixed layouts, to a FHIR-like target',
    ['sex', 'date', 'split-name'],
    90,
    obj({
      mrn: { type: 'string' },
      given: { type: 'string', description: 'Given name' },
      family: { type: 'string', description: 'Family name' },
      gender: { type: 'string', enum: ['male', 'female', 'other', 'unknown'] },
      birthDate: { type: 'string', format: 'date' },
    }),
    (i) => {
      const p = person(0.3, 0.05);
      const sex = pick(['M', 'F', 'F', 'M', 'U', 'O'] as const);
      const dob = day(1935, 2015);
      const full = [p.first, p.middle, p.last, p.suffix].filter(Boolean).join(' ');
      return {
        source: {
          'Patient MRN': `MRN${pad(i + 17, 7)}`,
          'Patient Name': full,
          Sex: sex,
          DOB: pick([us, usShort, iso])(dob),
        },
        expected: {
          mrn: `MRN${pad(i + 17, 7)}`,
          given: p.first,
          family: p.last,
          gender: { M: 'male', F: 'female', U: 'unknown', O: 'other' }[sex],
          birthDate: iso(dob),
        },
      };
    },
  ),
);

// 9. Help desk tickets: status and priority in another case and abbreviated
tasks.push(
  task(
    'helpdesk-tickets',
    'Help desk tickets whose status and priority are lower case or abbreviated; the target enums are upper case',
    ['case-enum', 'code-enum', 'date-time'],
    80,
    obj({
      ticketId: { type: 'integer' },
      subject: { type: 'string' },
      status: { type: 'string', enum: ['OPEN', 'PENDING', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'] },
      priority: { type: 'string', enum: ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] },
      openedAt: { type: 'string', format: 'date-time' },
    }),
    (i) => {
      const status = pick(['open', 'pending', 'in progress', 'resolved', 'closed'] as const);
      const prio = pick(['Low', 'Med', 'High', 'Urgent'] as const);
      const d = day(2023, 2024);
      const h = int(0, 23);
      const mi = int(0, 59);
      const subject = pick([
        'Cannot log in',
        'Invoice missing',
        'Password reset',
        'App crashes on start',
        'Refund request',
        'Change billing address',
      ]);
      return {
        source: {
          id: 50000 + i,
          subject,
          status,
          priority: prio,
          created: `${us(d)} ${pad(h)}:${pad(mi)}`,
        },
        expected: {
          ticketId: 50000 + i,
          subject,
          status: status.toUpperCase().replace(' ', '_'),
          priority: { Low: 'LOW', Med: 'MEDIUM', High: 'HIGH', Urgent: 'URGENT' }[prio],
          openedAt: `${iso(d)}T${pad(h)}:${pad(mi)}:00Z`,
        },
      };
    },
  ),
);

// 10. Accounts payable invoices: amounts with thousands separators and currency, line totals
tasks.push(
  task(
    'ap-invoices',
    'Accounts payable invoices: amounts with separators and currency text, a lines array whose amounts sum to the total',
    ['number', 'aggregate', 'date'],
    50,
    obj({
      invoiceNumber: { type: 'string' },
      vendor: { type: 'string' },
      invoiceDate: { type: 'string', format: 'date' },
      amountDue: { type: 'number' },
      totalAmount: { type: 'number', description: 'Total of the invoice lines' },
      lineCount: { type: 'integer' },
    }),
    (i) => {
      const lines = Array.from({ length: int(1, 6) }, () => int(1000, 500000));
      const total = lines.reduce((a, b) => a + b, 0);
      const paid = chance(0.3) ? int(0, total) : 0;
      const d = day(2023, 2024);
      const vendor = `${pick(LAST)} ${pick(['Supply', 'Logistics', 'Consulting', 'Office Goods', 'Software'])}`;
      return {
        source: {
          'Invoice #': `INV-${2024000 + i}`,
          'Vendor Name': vendor,
          'Invoice Date': pick([us, iso, monthName])(d),
          'Balance Due': messyAmount(total - paid),
          Lines: lines.map((c, k) => ({
            'Line No': k + 1,
            Description: pick(['Paper', 'Toner', 'Hours', 'License', 'Freight']),
            Amount: messyAmount(c),
          })),
        },
        expected: {
          invoiceNumber: `INV-${2024000 + i}`,
          vendor,
          invoiceDate: iso(d),
          amountDue: money(total - paid),
          totalAmount: money(total),
          lineCount: lines.length,
        },
      };
    },
  ),
);

// 11. Fulfilment: first and last shipment dates and the number of shipments
tasks.push(
  task(
    'fulfilment-shipments',
    'Orders with their shipments; the target wants the first and last ship dates and the number of shipments',
    ['aggregate', 'date'],
    50,
    obj({
      order: { type: 'string' },
      firstShipDate: { type: 'string', format: 'date', description: 'Earliest shipment date' },
      lastShipDate: { type: 'string', format: 'date', description: 'Latest shipment date' },
      numberOfShipments: { type: 'integer' },
      totalWeight: { type: 'number', description: 'Sum of the parcel weights in kg' },
    }),
    (i) => {
      const n = int(1, 4);
      const ships = Array.from({ length: n }, () => ({ d: day(2024, 2024), w: int(5, 300) / 10 }));
      const sorted = ships.map((s) => iso(s.d)).sort();
      const weight = Math.round(ships.reduce((a, s) => a + s.w * 10, 0)) / 10;
      return {
        source: {
          order_ref: `SO${90000 + i}`,
          shipments: ships.map((s) => ({
            carrier: pick(['UPS', 'FedEx', 'USPS', 'DHL']),
            ship_date: us(s.d),
            weight_kg: s.w,
          })),
        },
        expected: {
          order: `SO${90000 + i}`,
          firstShipDate: sorted[0],
          lastShipDate: sorted[sorted.length - 1],
          numberOfShipments: n,
          totalWeight: weight,
        },
      };
    },
  ),
);

// 12. User directory: first + last to one display name
tasks.push(
  task(
    'user-directory',
    'A user directory with given name and surname columns; the target wants one display name',
    ['join-name'],
    60,
    obj({
      username: { type: 'string' },
      displayName: { type: 'string', description: 'Full name shown in the app' },
      email: { type: 'string', format: 'email' },
      department: { type: 'string' },
    }),
    (i) => {
      const p = person();
      const email = emailOf(p, i);
      const dept = pick(['Sales', 'Engineering', 'Finance', 'Support']);
      return {
        source: {
          sAMAccountName: `${p.first[0]!.toLowerCase()}${p.last.toLowerCase()}${i}`,
          givenName: p.first,
          sn: p.last,
          mail: email,
          department: dept,
        },
        expected: {
          username: `${p.first[0]!.toLowerCase()}${p.last.toLowerCase()}${i}`,
          displayName: `${p.first} ${p.last}`,
          email,
          department: dept,
        },
      };
    },
  ),
);

// 13. Member list: names with titles, middle names and suffixes, split into parts
tasks.push(
  task(
    'association-members',
    'A membership list with one name column holding middle names, suffixes and "Last, First" entries',
    ['split-name'],
    80,
    obj({
      memberNo: { type: 'string' },
      firstName: { type: 'string' },
      middleName: { type: 'string' },
      lastName: { type: 'string' },
      suffix: { type: 'string' },
    }),
    (i) => {
      const p = person(0.4, 0.25);
      const natural =
        [p.first, p.middle, p.last].filter(Boolean).join(' ') + (p.suffix ? ` ${p.suffix}` : '');
      const inverted = `${p.last}${p.suffix ? ` ${p.suffix}` : ''}, ${[p.first, p.middle].filter(Boolean).join(' ')}`;
      return {
        source: {
          'Member #': `M-${pad(i + 1, 4)}`,
          Name: chance(0.3) ? inverted : natural,
          Joined: String(int(1990, 2024)),
        },
        expected: {
          memberNo: `M-${pad(i + 1, 4)}`,
          firstName: p.first,
          middleName: p.middle,
          lastName: p.last,
          suffix: p.suffix,
        },
      };
    },
  ),
);

// 14. Bank statement: accounting negatives, D/C indicator, posting dates
tasks.push(
  task(
    'bank-statement',
    'A bank statement export with amounts in accounting notation, a D/C indicator and posting dates',
    ['number', 'code-enum', 'date'],
    100,
    obj({
      transactionId: { type: 'string' },
      postedOn: { type: 'string', format: 'date' },
      amount: { type: 'number' },
      direction: { type: 'string', enum: ['debit', 'credit'] },
      memo: { type: 'string' },
    }),
    (i) => {
      const cents = int(100, 500000);
      const debit = chance(0.6);
      const d = day(2024, 2024);
      const memo = pick([
        'POS PURCHASE',
        'ACH DEPOSIT',
        'WIRE TRANSFER',
        'ATM WITHDRAWAL',
        'CHECK 1042',
        'PAYROLL',
      ]);
      const grouped = money(cents).toLocaleString('en-US', { minimumFractionDigits: 2 });
      return {
        source: {
          'Txn Ref': `T${pad(i, 8)}`,
          'Posting Date': us(d),
          Amount: debit ? `(${grouped})` : grouped,
          'D/C': debit ? 'D' : 'C',
          Description: memo,
        },
        expected: {
          transactionId: `T${pad(i, 8)}`,
          postedOn: iso(d),
          amount: debit ? -money(cents) : money(cents),
          direction: debit ? 'debit' : 'credit',
          memo,
        },
      };
    },
  ),
);

// 15. Warehouse stock: totals and counts over bins with an array of any name
tasks.push(
  task(
    'warehouse-stock',
    'Inventory items with their stock per bin; the target wants the total on hand and the number of bins',
    ['aggregate'],
    60,
    obj({
      sku: { type: 'string' },
      description: { type: 'string' },
      totalOnHand: { type: 'integer', description: 'Total quantity on hand across all bins' },
      binCount: { type: 'integer', description: 'Number of bins holding the item' },
      unitCost: { type: 'number' },
    }),
    (i) => {
      const bins = Array.from({ length: int(1, 5) }, () => ({
        bin: `${pick(['A', 'B', 'C'])}-${int(1, 40)}`,
        on_hand: int(0, 250),
      }));
      const cost = int(50, 99999);
      const desc = pick([
        'Hex bolt M8',
        'Washer 10mm',
        'Cable tie 200mm',
        'Fuse 5A',
        'Hinge steel',
        'LED strip 1m',
      ]);
      return {
        source: {
          item_code: `IT${10000 + i}`,
          item_desc: desc,
          std_cost: `$${(cost / 100).toFixed(2)}`,
          locations: bins.map((b) => ({ bin: b.bin, on_hand: b.on_hand })),
        },
        expected: {
          sku: `IT${10000 + i}`,
          description: desc,
          totalOnHand: bins.reduce((a, b) => a + b.on_hand, 0),
          binCount: bins.length,
          unitCost: cost / 100,
        },
      };
    },
  ),
);

// 16. Health survey: 1/0 answers to a yes/no enum
tasks.push(
  task(
    'intake-survey',
    'A clinic intake survey export with 1/0 answers; the target enums are "yes"/"no"',
    ['code-enum', 'sex'],
    70,
    obj({
      respondentId: { type: 'string' },
      smoker: { type: 'string', enum: ['yes', 'no'] },
      diabetic: { type: 'string', enum: ['yes', 'no'] },
      sex: { type: 'string', enum: ['male', 'female'] },
      age: { type: 'integer' },
    }),
    (i) => {
      const smoker = chance(0.2);
      const diab = chance(0.15);
      const sex = pick([1, 2] as const);
      const age = int(18, 90);
      return {
        source: {
          resp_id: `R${pad(i, 4)}`,
          q_smoker: smoker ? 1 : 0,
          q_diabetes: diab ? 1 : 0,
          sex_iso5218: sex,
          age_yrs: String(age),
        },
        expected: {
          respondentId: `R${pad(i, 4)}`,
          smoker: smoker ? 'yes' : 'no',
          diabetic: diab ? 'yes' : 'no',
          sex: sex === 1 ? 'male' : 'female',
          age,
        },
      };
    },
  ),
);

// 17. Event registrations: date-times in mixed layouts, phone to E.164, country to upper case enum
tasks.push(
  task(
    'event-registrations',
    'Conference registrations: registration time in mixed layouts, phone to E.164, ticket type in another case',
    ['date-time', 'phone', 'case-enum', 'join-name'],
    60,
    obj({
      attendeeName: { type: 'string' },
      registeredAt: { type: 'string', format: 'date-time' },
      phone: { type: 'string', pattern: '^\\+[1-9]\\d{1,14}$' },
      ticketType: { type: 'string', enum: ['EARLY_BIRD', 'STANDARD', 'VIP', 'STUDENT'] },
    }),
    (_i) => {
      const p = person();
      const d = day(2024, 2024);
      const h = int(0, 23);
      const mi = int(0, 59);
      const s = int(0, 59);
      const ph = phone();
      const ticket = pick(['early bird', 'standard', 'vip', 'student'] as const);
      return {
        source: {
          'First Name': p.first,
          'Last Name': p.last,
          'Registration Time': pick([
            () => `${iso(d)}T${pad(h)}:${pad(mi)}:${pad(s)}Z`,
            () => `${us(d)} ${pad(h)}:${pad(mi)}:${pad(s)}`,
          ])(),
          Phone: messyPhone(ph),
          Ticket: ticket,
        },
        expected: {
          attendeeName: `${p.first} ${p.last}`,
          registeredAt: `${iso(d)}T${pad(h)}:${pad(mi)}:${pad(s)}Z`,
          phone: `+1${digits10(ph)}`,
          ticketType: ticket.toUpperCase().replace(' ', '_'),
        },
      };
    },
  ),
);

/** Drops undefined members (a field the truth does not have is not expected). */
function clean(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(clean);
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .filter(([, x]) => x !== undefined)
        .map(([k, x]) => [k, clean(x)]),
    );
  return v;
}

for (const t of tasks) {
  const file = join(here, `${t.name}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(clean({ ...t, target: { $schema: 'https://json-schema.org/draft/2020-12/schema', ...t.target } }), null, 1)}\n`,
  );
}
console.log(`wrote ${tasks.length} tasks to ${here}`);
