//! The computer-player room: the expectimax [`Ai`](crate::yut::Ai), its
//! evaluation, the policies, `auto`, simulated games and the exact
//! solver ([`solve`]).

#[doc(hidden)]
pub mod ai;
#[doc(hidden)]
pub mod auto;
pub(crate) mod eval;
pub(crate) mod policy;
#[doc(hidden)]
pub mod sim;
pub mod solve;
