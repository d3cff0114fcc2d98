import { useState } from 'react';
import {
  clearFieldError,
  displayPrice,
  type FormItem,
  type ItemField,
  newItem,
  type RowErrors,
  removeRow,
} from './order-form';

/** The new-order form's rows and each row's errors, kept in step: added, edited and removed together. */
export function useOrderItems() {
  const [items, setItems] = useState<FormItem[]>(() => [newItem()]);
  const [errors, setErrors] = useState<RowErrors[]>([{}]);

  const edit = (index: number, field: ItemField, value: string) => {
    setItems((list) => list.map((item, i) => (i === index ? { ...item, [field]: value } : item)));
    setErrors((list) => clearFieldError(list, index, field));
  };

  // Leaving a price field shows a valid price the ru-RU way ('1 234,50'); its error stays as it was.
  const showPrice = (index: number) => {
    setItems((list) =>
      list.map((item, i) => (i === index ? { ...item, price: displayPrice(item.price) } : item)),
    );
  };

  const add = () => {
    setItems((list) => [...list, newItem()]);
    setErrors((list) => [...list, {}]);
  };

  const remove = (index: number) => {
    setItems((list) => removeRow(list, index));
    setErrors((list) => removeRow(list, index));
  };

  return { items, errors, setErrors, edit, showPrice, add, remove };
}
