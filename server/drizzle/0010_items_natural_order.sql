-- Item names in natural order ("APS-1003" before "APS-10018"), as the web app's tables sort them and as an
-- item's versions already are (0006): the listings and paged tables read a kind's items in that order here.
CREATE INDEX "items_kind_name_natural_idx" ON "items" USING btree ("kind",("name" collate "dp_natural"),"id");