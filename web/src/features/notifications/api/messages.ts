import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { Message } from '@/types/api';

export const messagesKey = (userId: number) => `/message/${userId}`;

export async function getMessages(userId: number): Promise<Message[]> {
  const body = await api.get<{ success: boolean; messages?: Message[] }>(messagesKey(userId));
  return body.messages ?? [];
}

/** SPEC §5: skipped (logged) without a user id or token. */
export function useMessages(userId: number | undefined, token: string | undefined) {
  return useSWR<Message[], unknown>(userId !== undefined && token ? messagesKey(userId) : null, () => getMessages(userId as number));
}

export function markMessageRead(id: number) {
  return api.patch<{ success: boolean }>(`/messages/${id}/read`);
}

export function deleteMessage(id: number) {
  return api.delete<{ success: boolean }>(`/messages/${id}`);
}

/** A pushed message goes to the top of the list (SPEC §4), once. */
export function withPushed(list: Message[] | undefined, message: Message): Message[] {
  return [message, ...(list ?? []).filter((item) => item.id !== message.id)];
}

/** Messages whose product's service is 'code' show the title as a copyable code. */
export function isCodeMessage(message: Message): boolean {
  return message.product?.service?.name?.trim().toLowerCase() === 'code';
}
