import { type ChosenCustomer, CustomerChooser } from '../forms/customer-chooser';

export type Chosen = ChosenCustomer;

/** Search the tenant's customers by name or kana and choose one to research. */
export function ExistingCustomer({
  value,
  onChange,
}: {
  value: Chosen | null;
  onChange: (value: Chosen | null) => void;
}) {
  return (
    <CustomerChooser
      value={value}
      onChange={onChange}
      limit={8}
      testId="research-customer"
      showCompany
      forgetWhenEmptied
      labels={{
        search: '登録済みの顧客を検索',
        placeholder: '名前・フリガナで検索',
        chosen: '調べる顧客',
        clear: '選び直す',
        clearFor: (name) => `${name} を選び直す`,
      }}
    />
  );
}
