-- Dead heats as the API writes them (decision 084): a share k/n with 1 <= k < n <= 20 and no
-- leading zero. 0028's column CHECKs take any '[1-9]*/[1-9]*' (3/2, 1/1, 01/2 passed it);
-- a column CHECK cannot be changed without rebuilding a million bets, so these triggers
-- refuse the rest on every insert and on every update of the column, with the CHECK's own
-- words. The drizzle schema declares the exact shape as the CHECK a rebuild of `bets` would
-- write (src/db/schema/bets.ts), and the books check names a share not in lowest terms.
CREATE TRIGGER `bets_dead_heat_win_check_insert` BEFORE INSERT ON `bets`
WHEN NEW.`dead_heat_win` is not null and not ((NEW.`dead_heat_win` glob '[1-9]/[1-9]' or NEW.`dead_heat_win` glob '[1-9]/[1-9][0-9]' or NEW.`dead_heat_win` glob '[1-9][0-9]/[1-9][0-9]') and cast(substr(NEW.`dead_heat_win`, 1, instr(NEW.`dead_heat_win`, '/') - 1) as integer) < cast(substr(NEW.`dead_heat_win`, instr(NEW.`dead_heat_win`, '/') + 1) as integer) and cast(substr(NEW.`dead_heat_win`, instr(NEW.`dead_heat_win`, '/') + 1) as integer) <= 20)
BEGIN
	SELECT RAISE(ABORT, 'CHECK constraint failed: bets_dead_heat_win_check');
END;
--> statement-breakpoint
CREATE TRIGGER `bets_dead_heat_win_check_update` BEFORE UPDATE OF `dead_heat_win` ON `bets`
WHEN NEW.`dead_heat_win` is not null and not ((NEW.`dead_heat_win` glob '[1-9]/[1-9]' or NEW.`dead_heat_win` glob '[1-9]/[1-9][0-9]' or NEW.`dead_heat_win` glob '[1-9][0-9]/[1-9][0-9]') and cast(substr(NEW.`dead_heat_win`, 1, instr(NEW.`dead_heat_win`, '/') - 1) as integer) < cast(substr(NEW.`dead_heat_win`, instr(NEW.`dead_heat_win`, '/') + 1) as integer) and cast(substr(NEW.`dead_heat_win`, instr(NEW.`dead_heat_win`, '/') + 1) as integer) <= 20)
BEGIN
	SELECT RAISE(ABORT, 'CHECK constraint failed: bets_dead_heat_win_check');
END;
--> statement-breakpoint
CREATE TRIGGER `bets_dead_heat_place_check_insert` BEFORE INSERT ON `bets`
WHEN NEW.`dead_heat_place` is not null and not ((NEW.`dead_heat_place` glob '[1-9]/[1-9]' or NEW.`dead_heat_place` glob '[1-9]/[1-9][0-9]' or NEW.`dead_heat_place` glob '[1-9][0-9]/[1-9][0-9]') and cast(substr(NEW.`dead_heat_place`, 1, instr(NEW.`dead_heat_place`, '/') - 1) as integer) < cast(substr(NEW.`dead_heat_place`, instr(NEW.`dead_heat_place`, '/') + 1) as integer) and cast(substr(NEW.`dead_heat_place`, instr(NEW.`dead_heat_place`, '/') + 1) as integer) <= 20)
BEGIN
	SELECT RAISE(ABORT, 'CHECK constraint failed: bets_dead_heat_place_check');
END;
--> statement-breakpoint
CREATE TRIGGER `bets_dead_heat_place_check_update` BEFORE UPDATE OF `dead_heat_place` ON `bets`
WHEN NEW.`dead_heat_place` is not null and not ((NEW.`dead_heat_place` glob '[1-9]/[1-9]' or NEW.`dead_heat_place` glob '[1-9]/[1-9][0-9]' or NEW.`dead_heat_place` glob '[1-9][0-9]/[1-9][0-9]') and cast(substr(NEW.`dead_heat_place`, 1, instr(NEW.`dead_heat_place`, '/') - 1) as integer) < cast(substr(NEW.`dead_heat_place`, instr(NEW.`dead_heat_place`, '/') + 1) as integer) and cast(substr(NEW.`dead_heat_place`, instr(NEW.`dead_heat_place`, '/') + 1) as integer) <= 20)
BEGIN
	SELECT RAISE(ABORT, 'CHECK constraint failed: bets_dead_heat_place_check');
END;
