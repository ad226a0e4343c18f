/**
 * The sample project's data: a customer export as people really send them — headers in words,
 * dates and amounts written three ways, stray spaces and capitals, and a few rows no schema can
 * take (a broken e-mail address, a missing name) so that a run needs review.
 */
export const SAMPLE_CSV_NAME = 'customers-export.csv';

export const SAMPLE_CSV = `Customer ID,Full Name,Email Address,Signup Date,Lifetime Value,Country
C-1001,Ada Lovelace, ADA@EXAMPLE.COM ,2024-01-15,"$1,200.50",United Kingdom
C-1002,Grace Hopper,grace@example.com,2024-02-03,845.00,United States
C-1003,Alan Turing,alan.turing@example.org,2024-02-19,"$2,310.00",United Kingdom
C-1004,Katherine Johnson,katherine@example.com,2024-03-01,120,United States
C-1005,Edsger Dijkstra,edsger(at)example.nl,2024-03-11,"$99.90",Netherlands
C-1006,Barbara Liskov,barbara@example.com,2024-03-28,"1,045.25",United States
C-1007,,no-name@example.com,2024-04-02,15.00,Canada
C-1008,Tim Berners-Lee,tim@example.co.uk,2024-04-20,"$3,001.00",United Kingdom
C-1009,Margaret Hamilton,margaret@example.com,2024-05-05,560.40,United States
C-1010,Linus Torvalds,linus@example.fi,2024-05-17,75,Finland
C-1011,Radia Perlman,radia@example.com,2024-06-09,"$410.00",United States
C-1012,Donald Knuth,knuth at example dot com,2024-06-30,"2,048.00",United States
`;

export const SAMPLE_SCHEMA = {
  type: 'object',
  title: 'Customer',
  properties: {
    customer_id: { type: 'string', description: 'the customer number' },
    full_name: { type: 'string', minLength: 1 },
    email: { type: 'string', format: 'email' },
    signup_date: { type: 'string', format: 'date' },
    lifetime_value: { type: 'number' },
    country: { type: 'string' },
  },
  required: ['customer_id', 'full_name', 'email'],
};

/** A second, clean delivery: its run finishes without review. */
export const SAMPLE_CLEAN_RECORDS = [
  {
    'Customer ID': 'C-1013',
    'Full Name': 'Frances Allen',
    'Email Address': 'frances@example.com',
    'Signup Date': '2024-07-02',
    'Lifetime Value': '640.00',
    Country: 'United States',
  },
  {
    'Customer ID': 'C-1014',
    'Full Name': 'John Backus',
    'Email Address': 'john@example.com',
    'Signup Date': '2024-07-11',
    'Lifetime Value': '1,210.00',
    Country: 'United States',
  },
];
