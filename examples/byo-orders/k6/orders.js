// A user journey on examples/byo-orders as a k6 module vtbench runs (spec.workload.script;
// docs/byo.md, "Your own k6 script"): a customer's latest orders, then one of them, which the
// first answer names. vtbench calls the default function as each iteration of its own ramp,
// warm-up and hold, and measures the hold only. It ignores `options` below: they are for a plain
//   k6 run -e VTBENCH_BASE_URL=http://127.0.0.1:18080 examples/byo-orders/k6/orders.js
import http from 'k6/http';
import { check } from 'k6';

// Set by vtbench: the service's base URL and spec.load.requestTimeout.
const BASE = __ENV.VTBENCH_BASE_URL || 'http://127.0.0.1:18080';
const TIMEOUT = __ENV.VTBENCH_REQUEST_TIMEOUT || '60s';

// A name per kind of request: one time series each, not one per customer or order id.
const params = (name) => ({ timeout: TIMEOUT, tags: { name } });

export const options = { vus: 10, duration: '30s' };

export default function () {
  const customer = 1 + Math.floor(Math.random() * 2000);
  const page = http.get(`${BASE}/orders?customerId=${customer}&size=5`,
    params('GET /orders?customerId'));
  check(page, { 'orders listed': (r) => r.status === 200 });
  const orders = page.status === 200 ? page.json() : [];
  if (orders.length > 0) {
    const order = orders[Math.floor(Math.random() * orders.length)];
    const one = http.get(`${BASE}/orders/${order.id}`, params('GET /orders/{id}'));
    check(one, { 'order found': (r) => r.status === 200 });
  }
}
