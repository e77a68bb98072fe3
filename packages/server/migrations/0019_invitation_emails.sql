-- 0019: an invitation with an address is mailed to it when the server has a mail server (SMTP):
-- when it was sent is kept, so that the list can say 「メールで送信済み」.
alter table invitations add column emailed_at timestamptz;
