//! The computer-player room: the expectimax [`Ai`](crate::yut::Ai), its
//! evaluation, the policies, `auto`, simulated games and the exact
//! solver ([`solve`]).

pub mod ai;
pub mod auto;
pub mod eval;
pub mod policy;
pub mod sim;
pub mod solve;
