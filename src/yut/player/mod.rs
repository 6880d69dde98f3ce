//! The computer-player room: the expectimax [`Ai`](crate::yut::Ai), its
//! evaluation, the policies, `auto`, simulated games and the exact
//! solver ([`solve`]).

pub(crate) mod ai;
pub(crate) mod auto;
pub(crate) mod eval;
pub(crate) mod policy;
pub(crate) mod sim;
pub mod solve;
