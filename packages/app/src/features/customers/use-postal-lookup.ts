import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@tsumiki/api-client';
import { postalCodeQueryOptions } from '@tsumiki/api-client/react';
import { type RefObject, useRef, useState } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';
import { postalCodeDigits } from '../../lib/kana';

export type PostalAddress = { prefecture: string; city: string; town: string };
export type PostalState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'filled'; address: PostalAddress }
  | { status: 'choose'; addresses: PostalAddress[] }
  | { status: 'notFound' }
  | { status: 'failed' };

type AddressField = 'prefecture' | 'city' | 'address_line';
type AddressValues = Record<AddressField, string>;

export interface PostalLookupOptions<V extends AddressValues> {
  /** The postal code the record was saved with (not looked up again), none for a new record. */
  savedPostalCode?: string | null;
  /** The form's values as they are when an answer arrives. */
  values: RefObject<V>;
  setValues: (values: V) => void;
}

/**
 * 郵便番号から住所: looks up each new 7-digit code and fills 都道府県・市区町村・町域 where the
 * user has not written anything of their own. Only the latest lookup's answer counts.
 */
export function usePostalLookup<V extends AddressValues>({
  savedPostalCode,
  values,
  setValues,
}: PostalLookupOptions<V>) {
  const { api } = useTenantApi();
  const queryClient = useQueryClient();
  const [postal, setPostal] = useState<PostalState>({ status: 'idle' });
  const autoFilled = useRef<AddressValues | null>(null);
  const lastLookup = useRef<string | null>(postalCodeDigits(savedPostalCode ?? ''));
  const lookupSequence = useRef(0);

  const fillAddress = (address: PostalAddress) => {
    const current = values.current;
    const previous = autoFilled.current;
    const next = { ...current };
    const fill = (field: AddressField, value: string) => {
      if (value === '') return;
      const existing = current[field].trim();
      // Only empty fields, or ones an earlier lookup filled and the user has not changed.
      if (existing === '' || (previous !== null && current[field] === previous[field])) next[field] = value;
    };
    fill('prefecture', address.prefecture);
    fill('city', address.city);
    fill('address_line', address.town);
    autoFilled.current = { prefecture: address.prefecture, city: address.city, address_line: address.town };
    setValues(next);
  };

  const lookUp = (text: string) => {
    const digits = postalCodeDigits(text);
    if (digits === null) {
      lastLookup.current = null;
      lookupSequence.current += 1;
      setPostal({ status: 'idle' });
      return;
    }
    if (digits === lastLookup.current) return;
    lastLookup.current = digits;
    const sequence = ++lookupSequence.current;
    setPostal({ status: 'loading' });
    queryClient.fetchQuery({ ...postalCodeQueryOptions(api, digits), retry: false }).then(
      (result) => {
        if (sequence !== lookupSequence.current) return;
        const [first, ...others] = result.addresses;
        if (!first) return setPostal({ status: 'notFound' });
        if (others.length === 0) {
          fillAddress(first);
          return setPostal({ status: 'filled', address: first });
        }
        // Several towns share the code: fill what they have in common, let the user pick the town.
        if (others.every((a) => a.prefecture === first.prefecture && a.city === first.city)) {
          fillAddress({ ...first, town: '' });
        }
        setPostal({ status: 'choose', addresses: result.addresses });
      },
      (error: unknown) => {
        if (sequence !== lookupSequence.current) return;
        setPostal({ status: isApiError(error) && error.status === 404 ? 'notFound' : 'failed' });
      },
    );
  };

  /** The town the user picked among those sharing the code. */
  const choose = (address: PostalAddress) => {
    fillAddress(address);
    setPostal({ status: 'filled', address });
  };

  return { postal, hint: postalHintText(postal), lookUp, choose };
}

function postalHintText(state: PostalState): string {
  switch (state.status) {
    case 'loading':
      return '住所を調べています…';
    case 'filled': {
      const { prefecture, city, town } = state.address;
      return `住所を入力しました: ${prefecture} ${city} ${town}`.trim();
    }
    case 'choose':
      return `この郵便番号には ${state.addresses.length} つの町域があります。下から選んでください。`;
    case 'notFound':
      return 'この郵便番号の住所は見つかりませんでした。住所を直接入力してください。';
    case 'failed':
      return '住所を自動で入力できませんでした。住所を直接入力してください。';
    default:
      return '';
  }
}
