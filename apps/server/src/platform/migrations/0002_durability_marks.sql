CREATE TABLE "durability_marks" (
	"slot" integer PRIMARY KEY NOT NULL,
	"marks" bigint DEFAULT 0 NOT NULL
);
