/** A customer export where some customers appear two or three times, spelled differently. */
export function customersCsv() {
  const firsts = [
    'anna',
    'bruno',
    'carla',
    'dmitri',
    'elena',
    'farid',
    'greta',
    'hugo',
    'ines',
    'jonas',
    'kira',
    'lars',
  ];
  const lasts = [
    'meyer',
    'novak',
    'olsen',
    'petrov',
    'quinn',
    'rossi',
    'schmidt',
    'tanaka',
    'ulrich',
    'vogel',
    'weber',
    'young',
    'zimmer',
    'abbott',
    'baker',
  ];
  const lines = ['customer_id,first_name,last_name,email,city,birth_date'];
  let n = 0;
  for (let i = 0; i < 150; i++) {
    const f = firsts[i % firsts.length]!;
    const l = lasts[(i * 7) % lasts.length]!;
    const email = `${f}.${l}${i}@example.com`;
    const city = ['berlin', 'paris', 'madrid', 'rome', 'oslo'][i % 5]!;
    const dob = `19${50 + (i % 45)}-0${1 + (i % 9)}-1${i % 10}`;
    lines.push(`C${++n},${f},${l},${email},${city},${dob}`);
    if (i % 3 === 0)
      lines.push(
        `C${++n},${f.toUpperCase()},${l.slice(0, -1)}${l.endsWith('e') ? 'a' : 'e'},${email},${city},${dob}`,
      );
    if (i % 10 === 0) lines.push(`C${++n},${f},${l},${email.toUpperCase()},${city},`);
  }
  return `${lines.join('\n')}\n`;
}
