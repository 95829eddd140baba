//! What the tests of today's models share.

use roofline::{Bytes, DataType, Model, Scenario};

/// The worked example with `model` in BF16 (weights and KV cache) and enough memory
/// that nothing is refused for size: these tests are about bytes.
pub fn scenario(model: Model) -> Scenario {
    let mut s = Scenario::example();
    s.model = model;
    s.weights = DataType::Bf16;
    s.kv = DataType::Bf16;
    s.hardware.memory = Bytes(2e12);
    s
}
