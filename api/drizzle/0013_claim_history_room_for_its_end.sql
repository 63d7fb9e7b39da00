-- Every agent_claims row is inserted open and updated exactly once, when the claim ends; the update cannot be HOT
-- (end_date is in the predicate of the open-claim indexes). On a full page the ended version went to the page
-- every new claim was being inserted into, and the two contended for it; half of each page is left for the
-- rows' own ended versions. It costs no space in the end: the open versions are pruned, which left full pages
-- half empty before as well. (docs/decisions/0017-claim-and-reply-one-statement-each.md)
ALTER TABLE agent_claims SET (fillfactor = 50);
