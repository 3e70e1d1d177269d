// Pays an application's fee through the public service's real API, as the traveller's browser
// does (issue 27): POST /api/payment with the status page's proof, then Pay on the development
// provider's page (its form, with the XSRF token in its field). The answer's redirect is not
// followed: it goes to PUBLIC_URL's return page.
const XSRF = 'e2e-xsrf-token-for-payment';

export const payThroughApi = async (
  baseUrl: string,
  proof: { applicationNumber: string; passportNumber: string; birthDate: string },
) => {
  const cookie = `XSRF-TOKEN=${XSRF}`;
  const started = await fetch(`${baseUrl}/api/payment`, {
    method: 'POST',
    headers: { cookie, 'x-xsrf-token': XSRF, 'content-type': 'application/json' },
    body: JSON.stringify(proof),
  });
  if (started.status !== 200) throw new Error(`payment not started: ${await started.text()}`);
  const { url } = ((await started.json()) as { body: { url: string } }).body;
  const paid = await fetch(`${baseUrl}${new URL(url).pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'pay', xsrf: XSRF }).toString(),
  });
  if (paid.status !== 303) throw new Error(`payment not made: ${paid.status}`);
};
