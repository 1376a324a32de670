//! What loading arbitrary bytes as a snapshot must do, checked by the `restore` fuzz target
//! (`fuzz/fuzz_targets/restore.rs`) and by `tests/world_snapshot.rs` on a seeded corpus:
//! never panic; on error, leave the target world exactly as it was; on success, give a
//! valid world whose own snapshot is the bytes it was loaded from, the same whether it was
//! restored fresh or loaded into a used world, and that steps alike in both.
//!
//! Only `sepax`'s public API is used, so that the fuzz crate can include this file.

use sepax::World;

/// Loads `data` with [`World::restore`] and into `target` with [`World::load_snapshot`],
/// and checks the properties above. `target` holds the loaded world afterwards when the
/// bytes were accepted, and is unchanged otherwise. Returns whether they were accepted.
pub fn check_restore(data: &[u8], target: &mut World) -> bool {
    let before = target.snapshot();
    match World::restore(data) {
        Ok(mut restored) => {
            restored.validate().expect("a restored world is valid");
            let again = restored.snapshot();
            let differs = again.iter().zip(data).position(|(a, b)| a != b);
            assert!(
                again == data,
                "a restored world's snapshot is its bytes ({} and {} bytes, first difference at {differs:?})",
                again.len(),
                data.len()
            );
            target
                .load_snapshot(data)
                .expect("accepted once, accepted twice");
            target.validate().expect("a loaded world is valid");
            assert!(
                target.snapshot() == data,
                "a loaded world's snapshot is its bytes"
            );
            for _ in 0..2 {
                let (a, b) = (restored.step(), target.step());
                assert_eq!(a, b, "restored and loaded worlds step alike");
                assert_eq!(restored.pairs(), target.pairs());
                assert_eq!(restored.started(), target.started());
                assert_eq!(restored.ended(), target.ended());
                let bits = |w: &World| w.contacts().iter().map(|c| c.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(&restored), bits(target));
                restored.validate().expect("valid after a step");
            }
            true
        }
        Err(error) => {
            assert!(!error.to_string().is_empty());
            assert_eq!(
                target.load_snapshot(data),
                Err(error),
                "the same error in place"
            );
            assert!(target.snapshot() == before, "a failed load changed nothing");
            target.validate().expect("still valid after a failed load");
            false
        }
    }
}
