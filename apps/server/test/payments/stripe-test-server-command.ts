// `npm run stripe:test-server [-- <port> [<public URL>]]`: the Stripe-compatible test server on its
// own, for trying PAYMENT_PROVIDER=stripe by hand (docs/operations.md). It prints the environment
// to start the service with; its hosted page has Pay and Decline, and it posts its signed webhooks
// to the service's webhook. Test keys only: nothing here reaches Stripe.
import { STRIPE_WEBHOOK_PATH } from '../../src/api/payment/stripe-webhook.ts';
import { startStripeTestServer } from './stripe-test-server.ts';

const [portArgument = '12111', publicUrl = 'http://localhost:3000'] = process.argv.slice(2);
const port = Number(portArgument);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`Not a port: ${portArgument}`);
  process.exit(2);
}
const server = await startStripeTestServer({ port });
server.webhookUrl = new URL(STRIPE_WEBHOOK_PATH, publicUrl).href;
process.stdout.write(`A Stripe-compatible test server listens on ${server.url}.
Its webhooks go to ${server.webhookUrl}. Start the service with:

  PAYMENT_PROVIDER=stripe STRIPE_API_URL=${server.url} STRIPE_SECRET_KEY=${server.secretKey} STRIPE_WEBHOOK_SECRET=${server.webhookSecret} npm start
`);
const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
