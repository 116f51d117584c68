-- The single row that records when the data last changed; clients poll it to refresh their caches.
insert into data_info (id) values (1) on conflict do nothing;
