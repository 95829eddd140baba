//! A checkpoint's own count of its parameters: the `metadata` of its
//! `model.safetensors.index.json`, which a reader may paste beside the config as a
//! cross-check of the count the shapes give.
//!
//! The index is written when a checkpoint is saved in shards (`huggingface_hub`'s
//! `split_torch_state_dict_into_shards`): `metadata.total_size` is the bytes of all
//! tensors, and newer writers add `metadata.total_parameters`. A count is read
//! directly where it is given; bytes are divided by the element size the config's
//! `torch_dtype` names, which only holds where every tensor is stored in that type:
//! a quantized checkpoint mixes formats (FP8 weights, BF16 embeddings, FP32
//! scales), and its size is refused rather than divided by a guess.

use crate::config::{dtype, Json};

/// Why an index gives no parameter count.
#[derive(Clone, Debug, PartialEq)]
pub enum IndexError {
    /// Not an object with `metadata.total_size` or `metadata.total_parameters`.
    NotAnIndex,
    /// The config names no plain storage type (`torch_dtype`), so bytes cannot be
    /// turned into parameters.
    NoDtype,
    /// The checkpoint is quantized (`quantization_config.quant_method`, as
    /// written): its bytes mix formats.
    Quantized(String),
}

/// The parameters of a sharded checkpoint, from its index and its config.
///
/// ```
/// use roofline::*;
/// let object = |pairs: &[(&str, Json)]| Json::Object(pairs.iter().map(|(k, v)| (k.to_string(), v.clone())).collect());
/// let index = object(&[("metadata", object(&[("total_size", Json::Number(16_060_522_496.0))]))]);
/// let config = object(&[("torch_dtype", Json::Text("bfloat16".into()))]);
/// // Llama-3.1-8B's index: 16.06 GB in BF16 is 8.03 B parameters.
/// assert_eq!(checkpoint_params(&index, &config), Ok(8_030_261_248.0));
/// ```
pub fn checkpoint_params(index: &Json, config: &Json) -> Result<f64, IndexError> {
    let metadata = index.get("metadata").ok_or(IndexError::NotAnIndex)?;
    let positive = |key: &str| match metadata.get(key) {
        Some(Json::Number(n)) if n.is_finite() && *n > 0.0 => Some(*n),
        _ => None,
    };
    if let Some(count) = positive("total_parameters") {
        return Ok(count);
    }
    let bytes = positive("total_size").ok_or(IndexError::NotAnIndex)?;
    // A multimodal config may name its storage type in `text_config` only.
    let text = config.get("text_config").unwrap_or(config);
    let quantization = [config, text].into_iter().find_map(|c| c.get("quantization_config"));
    if let Some(q) = quantization {
        let method = match q.get("quant_method") {
            Some(Json::Text(m)) => m.clone(),
            _ => "?".to_string(),
        };
        return Err(IndexError::Quantized(method));
    }
    let storage = dtype(config).or_else(|| dtype(text)).ok_or(IndexError::NoDtype)?;
    Ok(bytes / storage.bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn object(pairs: &[(&str, Json)]) -> Json {
        Json::Object(pairs.iter().map(|(k, v)| (k.to_string(), v.clone())).collect())
    }

    fn index(metadata: &[(&str, Json)]) -> Json {
        object(&[("metadata", object(metadata)), ("weight_map", object(&[]))])
    }

    #[test]
    fn a_written_count_is_taken_as_it_is() {
        let i = index(&[
            ("total_parameters", Json::Number(8_030_261_248.0)),
            ("total_size", Json::Number(1.0)),
        ]);
        assert_eq!(checkpoint_params(&i, &object(&[])), Ok(8_030_261_248.0));
    }

    #[test]
    fn bytes_are_divided_by_the_configs_element_size() {
        let i = index(&[("total_size", Json::Number(4.0e9))]);
        let f32 = object(&[("torch_dtype", Json::Text("float32".into()))]);
        assert_eq!(checkpoint_params(&i, &f32), Ok(1.0e9));
        // Transformers' newer key, and a multimodal config's text part.
        let nested = object(&[("text_config", object(&[("dtype", Json::Text("float16".into()))]))]);
        assert_eq!(checkpoint_params(&i, &nested), Ok(2.0e9));
    }

    #[test]
    fn what_cannot_be_converted_is_refused_with_its_reason() {
        let i = index(&[("total_size", Json::Number(4.0e9))]);
        assert_eq!(checkpoint_params(&i, &object(&[])), Err(IndexError::NoDtype));
        let fp8 = object(&[
            ("torch_dtype", Json::Text("bfloat16".into())),
            (
                "quantization_config",
                object(&[("quant_method", Json::Text("fp8".into()))]),
            ),
        ]);
        assert_eq!(checkpoint_params(&i, &fp8), Err(IndexError::Quantized("fp8".into())));
        for not in [
            Json::Number(3.0),
            object(&[]),
            index(&[("total_size", Json::Number(-1.0))]),
            index(&[("total_size", Json::Text("16 GB".into()))]),
        ] {
            assert_eq!(
                checkpoint_params(&not, &object(&[])),
                Err(IndexError::NotAnIndex),
                "{not:?}"
            );
        }
    }
}
