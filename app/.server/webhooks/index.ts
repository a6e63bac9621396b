/** Outgoing webhooks (issue 22, decision 029): endpoints, the delivery queue and its runner. */
export { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints, rotateWebhookSecret, setWebhookEnabled } from "./endpoints";
export { enqueueDeliveries } from "./queue";
export { listDeliveries, sendAgain, sendTestEvent } from "./log";
export { startWebhooks, stopWebhooks, wakeWebhooks } from "./worker";
