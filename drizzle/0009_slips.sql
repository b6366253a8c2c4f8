-- Issue 12: this part's statements replace this placeholder.
SELECT 1;
