-- 0017: deleting somebody else's saved research report takes its own permission, research.delete.
--
-- Until now research.use let anybody who could run research delete any report of the tenant,
-- staff included, although staff have no deletes. Everyone may still delete the reports they made
-- themselves with research.use; another's report needs research.delete, which admins get by
-- default like every other delete. Existing admins who could use research get it now; nobody else
-- does (an admin grants it per person on /tenant-users).
update tenant_users
set permissions = array_append(permissions, 'research.delete')
where role = 'admin'
  and 'research.use' = any (permissions)
  and 'research.delete' <> all (permissions);
