-- The POS's offline catalogue (issue 39) pages through a store's published products by id, without a sort.
CREATE INDEX `product_store_publish_id_idx` ON `product` (`application_key`,`publish`,`id`);