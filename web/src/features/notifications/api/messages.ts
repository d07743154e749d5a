import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { Message, MessageSent } from '@/types/api';

/** A message in the open inbox: as listed, or as pushed (user.message.sent) until the list is fetched again. */
export type InboxMessage = Message | MessageSent;

export const messagesKey = (userId: number) => `/message/${userId}`;

export async function getMessages(userId: number): Promise<Message[]> {
  const body = await api.get<{ success: boolean; messages?: Message[] }>(messagesKey(userId));
  return body.messages ?? [];
}

/** docs/spec.md §5: skipped (logged) without a user id or token. */
export function useMessages(userId: number | undefined, token: string | undefined) {
  return useSWR<InboxMessage[], unknown>(userId !== undefined && token ? messagesKey(userId) : null, () => getMessages(userId as number));
}

export function markMessageRead(id: number) {
  return api.patch<{ success: boolean }>(`/messages/${id}/read`);
}

export function deleteMessage(id: number) {
  return api.delete<{ success: boolean }>(`/messages/${id}`);
}

/** A pushed message goes to the top of the list (docs/spec.md §4), once. */
export function withPushed(list: InboxMessage[] | undefined, message: MessageSent): InboxMessage[] {
  return [message, ...(list ?? []).filter((item) => item.id !== message.id)];
}

/** Messages whose product's service is 'code' show the title as a copyable code. */
export function isCodeMessage(message: InboxMessage): boolean {
  return message.product?.service?.name?.trim().toLowerCase() === 'code';
}
