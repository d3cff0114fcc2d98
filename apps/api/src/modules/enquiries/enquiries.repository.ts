import type { Queryable } from '../../db/database';

export interface NewEnquiry {
  name: string;
  phone: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
}

export async function insertEnquiry(db: Queryable, enquiry: NewEnquiry) {
  await db.query(
    'INSERT INTO enquiries (name, phone, ip, user_agent, created_at) VALUES ($1, $2, $3, $4, $5)',
    [enquiry.name, enquiry.phone, enquiry.ip, enquiry.userAgent, enquiry.createdAt],
  );
}
