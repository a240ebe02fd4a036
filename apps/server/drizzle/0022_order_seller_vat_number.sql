-- An invoice prints the seller's VAT number of the day it was issued, not today's: kept on the order when it is made.
-- Orders taxed before this keep printing the configured number (null here).
ALTER TABLE "orders" ADD COLUMN "seller_vat_number" text;
