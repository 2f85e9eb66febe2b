//! Gold held during a run and the wave settlement of docs/game.md#gold.

use serde::Deserialize;

/// Wave-settlement numbers from `data/economy.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SettlementDef {
    /// Gold paid at the end of every wave (the seed: 100).
    pub base: u64,
    /// Interest on the gold held at the end of the wave (the seed: 0.10).
    pub interest_rate: f64,
    /// Interest paid per wave is never more than this (the seed: 100), so holding
    /// more than 1,000 gold earns nothing extra.
    pub interest_cap: u64,
}

/// What one wave settlement paid, for the summary screen and the sim's JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settlement {
    /// The fixed part.
    pub base: u64,
    /// The interest part, after the cap.
    pub interest: u64,
}

impl Settlement {
    /// Base plus interest.
    pub fn total(&self) -> u64 {
        self.base + self.interest
    }
}

impl SettlementDef {
    /// What a wave end pays to someone holding `held` gold: interest is
    /// floor(held × rate), capped, computed on the gold held before the payment.
    pub fn settle(&self, held: u64) -> Settlement {
        let interest = ((held as f64) * self.interest_rate).floor() as u64;
        Settlement {
            base: self.base,
            interest: interest.min(self.interest_cap),
        }
    }
}

/// A run's gold, with totals kept for reports.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Wallet {
    gold: u64,
    earned: u64,
    spent: u64,
}

impl Wallet {
    /// A wallet holding `gold`.
    pub fn with_gold(gold: u64) -> Self {
        Self {
            gold,
            earned: gold,
            spent: 0,
        }
    }

    /// Gold held now.
    pub fn gold(&self) -> u64 {
        self.gold
    }

    /// Gold gained in the run so far (picked up, settled, sold).
    pub fn earned(&self) -> u64 {
        self.earned
    }

    /// Gold paid in the run so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// Adds gold.
    pub fn earn(&mut self, amount: u64) {
        self.gold += amount;
        self.earned += amount;
    }

    /// Pays `amount` if it is held; returns false and changes nothing otherwise.
    pub fn pay(&mut self, amount: u64) -> bool {
        if self.gold < amount {
            return false;
        }
        self.gold -= amount;
        self.spent += amount;
        true
    }

    /// Applies a wave settlement and returns what it paid.
    pub fn settle(&mut self, def: &SettlementDef) -> Settlement {
        let s = def.settle(self.gold);
        self.earn(s.total());
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seed() -> SettlementDef {
        SettlementDef {
            base: 100,
            interest_rate: 0.10,
            interest_cap: 100,
        }
    }

    #[test]
    fn interest_is_ten_percent_floored() {
        assert_eq!(seed().settle(0).total(), 100);
        assert_eq!(seed().settle(55).interest, 5);
        assert_eq!(seed().settle(500).total(), 150);
        assert_eq!(seed().settle(999).interest, 99);
    }

    #[test]
    fn interest_is_capped_at_one_hundred() {
        assert_eq!(seed().settle(1000).interest, 100);
        assert_eq!(seed().settle(1005).interest, 100);
        assert_eq!(seed().settle(50_000).total(), 200);
        let mut w = Wallet::with_gold(2000);
        assert_eq!(w.settle(&seed()).total(), 200);
        assert_eq!(w.gold(), 2200);
    }

    #[test]
    fn paying_more_than_held_fails_cleanly() {
        let mut w = Wallet::with_gold(30);
        assert!(!w.pay(31));
        assert_eq!(w.gold(), 30);
        assert!(w.pay(30));
        assert_eq!((w.gold(), w.spent(), w.earned()), (0, 30, 30));
    }
}
