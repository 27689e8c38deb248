import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isNotFound } from './partner-states';
import { toastError, toastSuccess } from './partner-toasts';

// What the partner's users page and Hubs page share (spec: same pattern): the add dialog's state,
// adding one, removing one after its confirmation, and the spec's toasts for each.

interface MemberMessages {
  loadError: string;
  added: string;
  addError: string;
  removed: string;
  removeError: string;
}

export function usePartnerMembers<T extends { id: string }>(
  members: UseQueryResult<T[]>,
  add: (memberId: string) => Promise<unknown>,
  remove: (memberId: string) => Promise<unknown>,
  messages: MemberMessages,
) {
  const [adding, setAdding] = useState(false);
  const [addingId, setAddingId] = useState<string | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);

  useEffect(() => {
    if (members.isError && !isNotFound(members.error)) toastError(messages.loadError, members.error);
  }, [members.isError, members.error, messages.loadError]);

  const addMember = async (memberId: string) => {
    setAddingId(memberId);
    try {
      await add(memberId);
      toastSuccess(messages.added);
      setAdding(false);
    } catch (error) {
      toastError(messages.addError, error);
    } finally {
      setAddingId(null);
    }
  };
  const removeMember = async () => {
    if (!removing) return;
    try {
      await remove(removing.id);
      toastSuccess(messages.removed);
      setRemoving(null);
    } catch (error) {
      toastError(messages.removeError, error);
    }
  };

  return { adding, setAdding, addingId, removing, setRemoving, assigned: new Set((members.data ?? []).map((m) => m.id)), addMember, removeMember };
}
