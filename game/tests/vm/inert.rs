//! The inert guard (docs/balance.md#the-inert-guard): everything a player can buy, pick or find is
//! probed with a short seeded fight with it and without it
//! (`artificer tool inert`), and each must move the figures it claims to.
//! A failure names every inert thing, the stage it was probed on and what
//! its claimed figures read.

use std::sync::Arc;

use game::catalog::Catalog;
use game::probe::{ThingKind, everything, probe_all};

#[test]
fn nothing_a_player_can_get_is_inert() {
    let cat = Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"));
    let things = everything(&cat);
    // Every kind of thing is enumerated (a catalogue that lost a table would pass vacuously).
    for kind in [
        ThingKind::Chip,
        ThingKind::Core,
        ThingKind::StatOffer,
        ThingKind::LevelUp,
        ThingKind::Affix,
        ThingKind::Artifact,
        ThingKind::Enhancement,
        ThingKind::Enchantment,
        ThingKind::Recipe,
    ] {
        assert!(things.iter().any(|t| t.kind == kind), "no {kind:?} probed");
    }
    let findings = probe_all(&cat, None);
    assert_eq!(findings.len(), things.len());
    let inert: Vec<String> = findings
        .iter()
        .filter(|f| f.inert)
        .map(|f| {
            let claims: Vec<String> = f
                .claims
                .iter()
                .map(|c| format!("{} {} -> {}", c.figure, c.without, c.with))
                .collect();
            format!(
                "{} `{}` ({}) on {}: {}{}",
                f.thing.kind.id(),
                f.thing.id,
                f.thing.name,
                f.stage,
                claims.join("; "),
                f.error
                    .as_deref()
                    .map(|e| format!(" error: {e}"))
                    .unwrap_or_default()
            )
        })
        .collect();
    assert!(inert.is_empty(), "inert things:\n{}", inert.join("\n"));
}

#[test]
fn a_probe_reports_what_moved_beside_its_claim() {
    let cat = Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"));
    let f = probe_all(&cat, Some("lifesteal_mod"));
    assert_eq!(f.len(), 1);
    let f = &f[0];
    assert!(!f.inert);
    let claim = &f.claims[0];
    assert_eq!(claim.figure, "healed.lifesteal");
    assert_eq!(claim.without, 0.0);
    assert!(claim.with > 0.0);
    assert!(f.moved.iter().any(|(k, _, _)| k == "healed.lifesteal"));
}
