-- Filled by issue 11 (placeholder until then).
SELECT 1;
