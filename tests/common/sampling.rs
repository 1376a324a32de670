//! The sampling oracle of crossings: a straight motion cut into [`SAMPLES`] steps, the
//! first step at which the moving shape overlaps a sensor, and the check that a reported
//! entry lies between that step and the one before. Used by the sweep's crossings
//! (`world_sensors.rs`) and the step's crossings of continuous shapes
//! (`world_continuous.rs`).

use sepax::{Shape, Transform, Vec2};

/// How many steps a sampled motion is cut into.
pub const SAMPLES: usize = 300;

/// `shape`, at the angle `angle`, moved from `start` by `delta` up to the fraction `reach`
/// of it.
pub struct SampledPath<'a> {
    pub shape: &'a Shape,
    pub start: Vec2,
    pub angle: f32,
    pub delta: Vec2,
    pub reach: f32,
}

/// What the samples say of one sensor and what was reported of it.
#[derive(Debug, PartialEq)]
pub enum Judged {
    /// Overlapped at a sample, and reported entered in time.
    Entered,
    /// Reported, but overlapped at no sample: touched between two (counted, not failed).
    Graze,
    /// Neither overlapped nor reported.
    Apart,
}

impl SampledPath<'_> {
    /// The fraction of the motion at sample `k`.
    pub fn t_of(&self, k: usize) -> f32 {
        self.reach * k as f32 / SAMPLES as f32
    }

    /// The first sample at which the moving shape overlaps `other` at `pose`.
    pub fn first_touch(&self, other: &Shape, pose: &Transform) -> Option<usize> {
        (0..=SAMPLES).find(|&k| {
            let p = self.start + self.delta * self.t_of(k);
            let at = Transform::from_xy_angle(p.x, p.y, self.angle);
            sepax::collide(other, pose, self.shape, &at).is_some()
        })
    }

    /// Checks the entry `reported` of a sensor (its `t`, or `None` when not reported)
    /// against `first`, its first touching sample: a sensor touched at a sample must be
    /// reported, entered no later than that sample and no earlier than the one before.
    /// `what` names the sensor in the message.
    pub fn judge(&self, first: Option<usize>, reported: Option<f32>, what: &str) -> Judged {
        match (first, reported) {
            (Some(k), Some(t)) => {
                let early = if k == 0 { 0.0 } else { self.t_of(k - 1) };
                let late = self.t_of(k);
                assert!(
                    t <= late + 1e-4 && t >= early - 1e-4,
                    "{what}: {t} vs sample {k}"
                );
                Judged::Entered
            }
            (Some(k), None) => panic!("{what}: touched at sample {k}, not reported"),
            (None, Some(_)) => Judged::Graze,
            (None, None) => Judged::Apart,
        }
    }
}
