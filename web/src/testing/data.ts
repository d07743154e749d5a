// Sample API records for component tests.
import type { Product } from '@/features/products/api/products';

/** A coin product of Mobile Legends (override any field). */
export function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 7,
    name: '86 Diamonds',
    name_my: 'စိန် 86',
    description: '',
    img_url: '/media/products/diamond-m.svg',
    preview_img: [],
    price: 5300,
    fake_price: null,
    discount_percent: 0,
    is_sold: false,
    is_popular: false,
    is_pass: false,
    service_id: 1,
    service: { name: 'Top Up', name_my: 'ငွေဖြည့်', slug: 'top-up', kind: 'coin' },
    game: { id: 1, name: 'Mobile Legends', name_my: 'မိုဘိုင်းလယ်ဂျင်း', slug: 'mobile-legends', id_help_url: '' },
    uses_server_id: true,
    data: { amount: 86 },
    ...overrides,
  };
}
