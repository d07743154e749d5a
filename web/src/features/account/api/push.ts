import { api } from '@/lib/api-client';

// This device's Web Push subscription, kept by the server with the session
// (docs/architecture.md#web-push): POST stores it (again: the same endpoint
// is bound to the session that sends it), DELETE forgets it.

const path = '/account/push-subscriptions';

export function savePushSubscription(subscription: PushSubscriptionJSON) {
  return api.post<unknown>(path, subscription);
}

export function deletePushSubscription(endpoint: string) {
  return api.delete<unknown>(path, undefined, { endpoint });
}
