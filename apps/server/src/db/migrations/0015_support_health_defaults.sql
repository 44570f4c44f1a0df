-- Orders opened by peripheral health start as drafts: the state joins the order_status dictionary
-- of existing installations (a new one gets it from the dictionary seed).
INSERT INTO "dict_items" ("dict_id", "label", "english_name", "value", "sort")
SELECT "id", '草稿', 'Draft', 'draft', -1 FROM "dicts" WHERE "code" = 'order_status'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Starting peripheral health rules; administrators change them on the orders page.
INSERT INTO "support_health_rules" ("peripheral_type", "threshold", "window_minutes", "action", "fault_type", "priority", "enabled", "updated_at") VALUES
  ('printer', 3, 1440, 'order', 'printer', 'high', true, now()),
  ('scanner', 3, 1440, 'order', 'scanner', 'normal', true, now()),
  ('drawer', 5, 1440, 'inspection', 'other', 'normal', true, now()),
  ('hardware', 1, 1440, 'order', 'other', 'high', true, now())
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Orders opened from failed inspection items before they carried the record themselves.
UPDATE "support_orders" o SET "record_id" = r."id", "record_item_key" = l->>'key', "source" = 'inspection'
FROM "inspection_records" r, jsonb_array_elements(r."orders") l
WHERE o."id" = (l->>'orderId')::uuid;
